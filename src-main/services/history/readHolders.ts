import { decodeAbiParameters, type Hex } from 'viem';
import type { TokenHoldersView } from '../../../src-shared/api/history';
import type { createTokenFacts } from '../chains/tokenFacts';
import { runLogQuery } from '../chains/runLogQuery';
import type { RawNodeLog } from '../chains/rawNodeLog';
import type { RpcService } from '../rpc/createRpcService';
import { TRANSFER_TOPIC } from './tokenTransfers';

/** Holders listed at most. */
const MAX_ROWS = 200;
const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * A token's holders as its Transfer logs tell them: every ERC-20 `Transfer` the token emitted, from block 0 to the
 * head, read through the log planner (split to fit the node's limits); each address's balance is what it received
 * minus what it sent (mints come from, burns go to, the zero address, which is not listed). Logs that are not an
 * ERC-20 transfer (an ERC-721's, with the id as a topic) are skipped.
 */
export async function readHolders(deps: { rpc: Pick<RpcService, 'request'>; tokens: ReturnType<typeof createTokenFacts> }, networkId: string, token: string, signal: AbortSignal): Promise<TokenHoldersView> {
  const head = await deps.rpc.request<string>(networkId, 'eth_blockNumber', [], { signal });
  const balances = new Map<string, { balance: bigint; transfers: number }>();
  let transfers = 0;
  const move = (address: string, amount: bigint) => {
    const entry = balances.get(address) ?? { balance: 0n, transfers: 0 };
    entry.balance += amount;
    entry.transfers += 1;
    balances.set(address, entry);
  };
  await runLogQuery<RawNodeLog>({
    request: (params, requestSignal) => deps.rpc.request(networkId, 'eth_getLogs', params, { signal: requestSignal }),
    filter: { address: token, topics: [TRANSFER_TOPIC] },
    from: 0,
    to: Number(BigInt(head)),
    signal,
    onLogs: (logs) => {
      for (const log of logs) {
        if (log.topics.length !== 3 || log.removed) continue;
        let amount: bigint;
        try {
          [amount] = decodeAbiParameters([{ type: 'uint256' }], log.data as Hex);
        } catch {
          continue;
        }
        transfers += 1;
        const from = `0x${log.topics[1]!.slice(26)}`.toLowerCase();
        const to = `0x${log.topics[2]!.slice(26)}`.toLowerCase();
        move(from, -amount);
        move(to, amount);
      }
    },
    onProgress: () => undefined,
  });
  balances.delete(ZERO);
  const held = [...balances.entries()].filter(([, entry]) => entry.balance > 0n).sort((a, b) => (a[1].balance > b[1].balance ? -1 : a[1].balance < b[1].balance ? 1 : a[0].localeCompare(b[0])));
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
