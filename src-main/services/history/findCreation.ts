import type { CreationView } from '../../../src-shared/api/history';
import type { BlockReader } from '../chains/blockReader';
import type { RpcService } from '../rpc/createRpcService';

/**
 * Where `address`'s code came from: the first block at whose end it holds code, by bisection on `eth_getCode`
 * (code appears once and stays, but for a contract destroyed and made again at the same address, which this finds
 * one creation of), then the transaction of that block whose receipt names it. Null when it holds no code now.
 * `countAt` wraps each code read (archive refusals are said in words there).
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
  const hasCode = async (block: bigint) => {
    requests += 1;
    const code = await readCode(block);
    return typeof code === 'string' && code.length > 2;
  };
  if (!(await hasCode(head))) return null;
  // Invariant: no code at `low` (−1: before genesis), code at `high`.
  let low = -1n;
  let high = head;
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    if (await hasCode(mid)) high = mid;
    else low = mid;
  }
  const view = await deps.explorer.block(networkId, `0x${high.toString(16)}`, signal);
  const me = address.toLowerCase();
  const deployment = view.transactions.find((tx) => tx.createdContract?.toLowerCase() === me);
  return {
    address,
    block: `0x${high.toString(16)}`,
    transactionHash: deployment?.hash ?? null,
    creator: deployment?.from ?? null,
    requests,
  };
}
