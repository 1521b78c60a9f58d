import { BlockglassError } from '../../errors/blockglassError';
import { NotFoundError } from '../../errors/notFoundError';

// What no source can trace, said the same whichever source was asked: the node's tracer or the replay.

/** A transaction the node does not know: there is nothing to trace, by any source. */
export function unknownTransaction(hash: `0x${string}`): NotFoundError {
  return new NotFoundError({ what: 'transaction', id: hash }, 'The node does not know this transaction.', {
    details: `Transaction ${hash} is not on the node's chain (a mistyped hash, another network's transaction, or one dropped before it was mined): there is nothing to trace.`,
  });
}

/** A transaction not mined yet: it has no call tree until it is. */
export function pendingTransaction(hash: `0x${string}`): BlockglassError {
  return new BlockglassError('This transaction is not mined yet.', {
    code: 'TRACE_UNAVAILABLE',
    details: `Transaction ${hash} is waiting to be mined: its calls are known once it is in a block.`,
  });
}
