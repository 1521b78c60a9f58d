import { MAX_BALANCE_CHANGES, type BalanceChange, type BalanceHistoryView } from '../../../src-shared/api/history';
import type { ExplorerService } from '../explorer/createExplorerService';

/**
 * An address's ETH balance over time, from the node alone: `eth_getBalance` at `samples` blocks spread from block 0
 * to the head (read together), then, between two samples that differ, every block where the balance changed, by
 * bisection (a half is looked into only when its ends differ, so a change that returned to the same value between
 * two reads is not seen). Each change lists the transactions of its block from or to the address (the explorer's
 * rows, cached); none means it changed inside a call. At most `MAX_BALANCE_CHANGES` changes, the newest kept.
 */
export async function readBalanceHistory(
  deps: { explorer: Pick<ExplorerService, 'block'> },
  networkId: string,
  address: string,
  head: bigint,
  balanceAt: (block: bigint) => Promise<bigint>,
  samples: number,
  signal: AbortSignal,
): Promise<BalanceHistoryView> {
  const known = new Map<bigint, Promise<bigint>>();
  let requests = 0;
  const at = (block: bigint) => {
    let balance = known.get(block);
    if (!balance) {
      requests += 1;
      balance = balanceAt(block);
      known.set(block, balance);
    }
    return balance;
  };
  const count = BigInt(Math.max(2, Math.min(samples, Number(head) + 1)));
  const sampled = [...new Set(Array.from({ length: Number(count) }, (_, i) => (head * BigInt(i)) / (count - 1n)))];
  const sampleBalances = await Promise.all(sampled.map(at));

  // Every block in (low, high] whose balance differs from its parent's, where balance(low) ≠ balance(high).
  const changeBlocks: bigint[] = [];
  const search = async (low: bigint, high: bigint): Promise<void> => {
    signal.throwIfAborted();
    if (high - low === 1n) {
      changeBlocks.push(high);
      return;
    }
    const mid = (low + high) / 2n;
    const [lowBalance, midBalance, highBalance] = await Promise.all([at(low), at(mid), at(high)]);
    await Promise.all([lowBalance !== midBalance ? search(low, mid) : undefined, midBalance !== highBalance ? search(mid, high) : undefined]);
  };
  // Newest intervals first: when the list is cut, it keeps the most recent changes.
  let cut = false;
  for (let i = sampled.length - 1; i > 0; i--) {
    if (sampleBalances[i] === sampleBalances[i - 1]) continue;
    if (changeBlocks.length >= MAX_BALANCE_CHANGES) {
      cut = true;
      break;
    }
    await search(sampled[i - 1]!, sampled[i]!);
  }
  const truncated = cut || changeBlocks.length > MAX_BALANCE_CHANGES;
  const kept = [...new Set(changeBlocks)].sort((a, b) => (a < b ? 1 : -1)).slice(0, MAX_BALANCE_CHANGES).reverse();

  const me = address.toLowerCase();
  const changes: BalanceChange[] = await Promise.all(
    kept.map(async (block) => {
      const [before, after, view] = await Promise.all([at(block - 1n), at(block), deps.explorer.block(networkId, `0x${block.toString(16)}`, signal)]);
      const transactions = view.transactions
        .filter((tx) => tx.from.toLowerCase() === me || tx.to?.toLowerCase() === me)
        .map((tx) => ({ hash: tx.hash, value: BigInt(tx.value).toString(10), direction: (tx.from.toLowerCase() === me ? (tx.to?.toLowerCase() === me ? 'self' : 'out') : 'in') as BalanceChange['transactions'][number]['direction'] }));
      return { block: `0x${block.toString(16)}`, before: before.toString(10), after: after.toString(10), transactions };
    }),
  );
  return {
    address,
    head: `0x${head.toString(16)}`,
    samples: sampled.map((block, i) => ({ block: `0x${block.toString(16)}`, balance: sampleBalances[i]!.toString(10) })),
    changes,
    truncated,
    requests,
  };
}
