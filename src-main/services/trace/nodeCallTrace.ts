import type { CallFrame } from '../../../src-shared/trace/callFrame';
import { CallTracerAnswerError, fromCallTracer } from '../../../src-shared/trace/fromCallTracer';
import { findErrorOfKind } from '../errors/blockglassError';
import type { RpcRequest } from './replay/rpcRequest';
import { pendingTransaction, unknownTransaction } from './replay/untraceable';

/**
 * Failures that say nothing of whether the node offers a call tracer (it is down, slow, rate-limited, the key is
 * refused, the work was cancelled): they end the request as they are, and the node is asked again next time.
 */
const NOT_AN_ANSWER = ['unreachable', 'timeout', 'limit', 'credentials', 'cancelled'] as const;

/**
 * The node's own call tree of a mined transaction (`debug_traceTransaction` with `callTracer`), or undefined where the
 * node offers none: the method refused (the hosted service, the sandbox's gateway), the tracer refused (Hardhat 2
 * traces with its default tracer only), or an answer that is not a call tree (Ganache 7 ignores the tracer and
 * answers opcode logs).
 */
export async function nodeCallTrace(request: RpcRequest, hash: `0x${string}`, signal?: AbortSignal): Promise<CallFrame | undefined> {
  // The transaction and its receipt are read beside the trace: a node that does not know the transaction (or has
  // not mined it) says nothing of its tracer (Anvil answers an unknown hash with an empty opcode log, which would
  // read as "no call tracer" and send every later trace of the network to the replay).
  const [traced, transaction, receipt] = (await Promise.all([
    request('debug_traceTransaction', [hash, { tracer: 'callTracer' }], signal).then(
      (answer) => ({ answer }),
      (error: unknown) => ({ error }),
    ),
    request('eth_getTransactionByHash', [hash], signal),
    request('eth_getTransactionReceipt', [hash], signal),
  ])) as [{ answer: unknown } | { error: unknown }, { gas?: `0x${string}`; blockNumber?: string | null } | null, { gasUsed?: `0x${string}` } | null];
  if (!transaction) throw unknownTransaction(hash);
  if (!transaction.blockNumber || !receipt) throw pendingTransaction(hash);
  if ('error' in traced) {
    if (findErrorOfKind(traced.error, ...NOT_AN_ANSWER) !== null || signal?.aborted) throw traced.error;
    return undefined;
  }
  let frame: CallFrame;
  try {
    frame = fromCallTracer(traced.answer);
  } catch (error) {
    if (error instanceof CallTracerAnswerError) return undefined;
    throw error;
  }
  // The transaction's own frame as geth states it: its gas limit and the receipt's gas used. Anvil's tracer gives the
  // gas left after the intrinsic cost, and counts gas used from the block's start.
  return {
    ...frame,
    ...(transaction.gas ? { gas: `0x${BigInt(transaction.gas).toString(16)}` as const } : {}),
    ...(receipt.gasUsed ? { gasUsed: `0x${BigInt(receipt.gasUsed).toString(16)}` as const } : {}),
  };
}
