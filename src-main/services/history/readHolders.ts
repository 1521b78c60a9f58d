import type { TokenHoldersView } from '../../../src-shared/api/history';
import type { createTokenFacts } from '../chains/tokenFacts';
import { tallyHolders } from '../chains/tallyHolders';
import type { RpcService } from '../rpc/createRpcService';

/** Holders listed at most. */
const MAX_ROWS = 200;

/** A token's holders by its Transfer logs up to the head, largest first (see `tallyHolders`). */
export async function readHolders(deps: { rpc: Pick<RpcService, 'request'>; tokens: ReturnType<typeof createTokenFacts> }, networkId: string, token: string, signal: AbortSignal): Promise<TokenHoldersView> {
  const head = await deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal });
  const { transfers, held } = await tallyHolders(deps, networkId, token, Number(BigInt(head)), signal);
  const facts = await deps.tokens.read(networkId, token, signal);
  return {
    token,
    symbol: facts.symbol,
    decimals: facts.decimals,
    head,
    transfers,
    holders: held.length,
    rows: held.slice(0, MAX_ROWS).map(([address, entry]) => ({ address, balance: entry.balance.toString(10), transfers: entry.transfers })),
  };
}
