import type { CreationView } from '../../../src-shared/api/history';
import type { BlockReader } from '../chains/blockReader';
import type { RpcService } from '../rpc/createRpcService';
import { edgeOfKept, orUnkept, UNKEPT } from './unkeptState';

/**
 * Where `address`'s code came from: the first block at whose end it holds code, by bisection on `eth_getCode`
 * (code appears once and stays, but for a contract destroyed and made again at the same address, which this finds
 * one creation of), then the transaction of that block whose receipt names it. Null when it holds no code now.
 * Where the node keeps no state of a run of blocks and the code appeared across it, the creation is said as that
 * run (`notKept`), unless the first kept block after it holds the deployment.
 */
export async function findCreation(
  deps: { rpc: Pick<RpcService, 'request'>; explorer: Pick<BlockReader, 'block'> },
  networkId: string,
  address: string,
  readCode: (block: bigint) => Promise<string>,
  signal: AbortSignal,
): Promise<CreationView | null> {
  const head = BigInt(await deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal }));
  let requests = 0;
  // A block whose state the node does not keep answers UNKEPT (see unkeptState.ts).
  const codeAt = orUnkept(async (block: bigint) => {
    requests += 1;
    const code = await readCode(block);
    return typeof code === 'string' && code.length > 2;
  });
  if (!(await codeAt(head))) return null;
  // Invariant: no code at `low` (−1: before genesis), code at `high`.
  let low = -1n;
  let high = head;
  let unkept: { from: bigint; to: bigint } | undefined;
  while (high - low > 1n) {
    signal.throwIfAborted();
    const mid = (low + high) / 2n;
    const has = await codeAt(mid);
    if (has === UNKEPT) {
      // The run of blocks not kept around `mid`: the creation is before it, in it, or after it.
      const [last, first] = await Promise.all([edgeOfKept(low, mid, codeAt, signal), edgeOfKept(high, mid, codeAt, signal)]);
      if (last > low && (await codeAt(last)) === true) high = last;
      else if (first < high && (await codeAt(first)) === false) low = first;
      else {
        // It appeared somewhere from the run's first block to the first kept block after it.
        unkept = { from: last + 1n, to: first - 1n };
        low = first - 1n;
        high = first;
        break;
      }
      continue;
    }
    if (has) high = mid;
    else low = mid;
  }
  const view = await deps.explorer.block(networkId, `0x${high.toString(16)}`, signal);
  const me = address.toLowerCase();
  const deployment = view.transactions.find((tx) => tx.createdContract?.toLowerCase() === me);
  // Deployed in the first kept block after a run not kept: found all the same.
  if (unkept && deployment) unkept = undefined;
  return {
    address,
    block: `0x${high.toString(16)}`,
    transactionHash: deployment?.hash ?? null,
    creator: deployment?.from ?? null,
    requests,
    ...(unkept ? { notKept: { from: `0x${unkept.from.toString(16)}`, to: `0x${unkept.to.toString(16)}` } } : {}),
  };
}
