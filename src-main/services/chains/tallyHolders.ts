import { decodeAbiParameters, type Hex } from 'viem';
import { runLogQuery } from './runLogQuery';
import type { RawNodeLog } from './rawNodeLog';
import type { RpcService } from '../rpc/createRpcService';

/** `Transfer(address,address,uint256)`: ERC-20's and ERC-721's (the latter with the id as a third topic). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const ZERO = '0x0000000000000000000000000000000000000000';

/** Every holder a token's Transfer logs leave with a balance above 0, largest first, and the logs read. */
export interface HolderTally {
  /** ERC-20 Transfer logs read (from block 0 to `to`). */
  transfers: number;
  /** Address (lower case), balance and its transfers, largest balance first. */
  held: [string, { balance: bigint; transfers: number }][];
}

/**
 * A token's holders as its Transfer logs tell them: every ERC-20 `Transfer` the token emitted, from block 0 to `to`,
 * read through the log planner (split to fit the node's limits); each address's balance is what it received minus
 * what it sent (mints come from, burns go to, the zero address, which is not listed). Logs that are not an ERC-20
 * transfer (an ERC-721's, with the id as a topic) are skipped.
 */
export async function tallyHolders(deps: { rpc: Pick<RpcService, 'request'> }, networkId: string, token: string, to: number, signal: AbortSignal): Promise<HolderTally> {
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
    to,
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
  return { transfers, held };
}

