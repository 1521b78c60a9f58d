import { describe, expect, it } from 'vitest';
import type { SentEvent } from '../../../src-shared/api/history';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { historyTestKit } from './testing/historyTestKit';

const { sandbox, servicesOver, raw } = historyTestKit();
const { history } = servicesOver();
const tempDir = useTempDataDirs();

/** The block an eth_getBalance or eth_getBlockByNumber request reads at (undefined for a tag such as 'finalized'). */
const blockRead = ({ method, params }: { method: string; params: unknown }): bigint | undefined => {
  const tag = method === 'eth_getBalance' ? (params as unknown[])[1] : method === 'eth_getBlockByNumber' ? (params as unknown[])[0] : undefined;
  return typeof tag === 'string' && tag.startsWith('0x') ? BigInt(tag) : undefined;
};

describe("an address's ETH balance over time", () => {
  it('finds a change at every block where the trader sent a transaction, each before and after as eth_getBalance says', async () => {
    const trader = sandbox.manifest.accounts.traders[3]!.address;
    const view = await history.balance('local', trader, 48);
    // 48 readings spread over the chain, and one at the finalized block (where the next visit starts).
    expect(view.samples.length).toBeGreaterThanOrEqual(48);
    expect(view.samples.length).toBeLessThanOrEqual(49);
    expect(view.truncated).toBe(false);
    for (const change of view.changes.slice(-10)) {
      const block = BigInt(change.block);
      expect(change.after).toBe(BigInt(await raw<string>('eth_getBalance', [trader, change.block])).toString(10));
      expect(change.before).toBe(BigInt(await raw<string>('eth_getBalance', [trader, `0x${(block - 1n).toString(16)}`])).toString(10));
      expect(change.after).not.toBe(change.before);
      // When: the block's time as its header gives it.
      expect(change.timestamp).toBe((await raw<{ timestamp: string }>('eth_getBlockByNumber', [change.block, false])).timestamp);
    }
    // Every transaction it sent paid a fee: its block is a change, and names the transaction.
    const events: SentEvent[] = [];
    await history.sent('local', trader, { count: 100 }, (event) => events.push(event), new AbortController().signal);
    const sent = events.flatMap((event) => (event.kind === 'page' ? event.page.rows : []));
    expect(sent.length).toBeGreaterThan(0);
    const named = new Set(view.changes.flatMap((change) => change.transactions.map((tx) => tx.hash)));
    for (const tx of sent) expect(named.has(tx.hash), tx.hash).toBe(true);
    // Far fewer reads than blocks: a bisection between samples.
    expect(view.requests).toBeLessThan(Number(BigInt(view.head)) + 1);
  });

  it('is kept up to the finalized block: a second visit reads no balance or block at or below it, and lists the same changes there', async () => {
    const trader = sandbox.manifest.accounts.traders[4]!.address;
    const store = openStore(tempDir());
    const covered = BigInt((await raw<{ number: string }>('eth_getBlockByNumber', ['finalized', false])).number);
    expect(covered).toBeGreaterThan(0n);
    const first = servicesOver(store);
    const before = await first.history.balance('local', trader, 48);
    expect(first.sent.filter((request) => (blockRead(request) ?? covered + 1n) <= covered).length).toBeGreaterThan(0);

    const second = servicesOver(store);
    const after = await second.history.balance('local', trader, 48);
    expect(second.sent.filter((request) => (blockRead(request) ?? covered + 1n) <= covered)).toEqual([]);
    const upTo = (view: typeof before) => view.changes.filter((change) => BigInt(change.block) <= covered);
    expect(upTo(after)).toEqual(upTo(before));
    expect(upTo(after).length).toBeGreaterThan(0);
    // Its newest change is still what the chain says.
    const newest = after.changes.at(-1)!;
    expect(newest.after).toBe(BigInt(await raw<string>('eth_getBalance', [trader, newest.block])).toString(10));
    expect(after.requests).toBeLessThan(before.requests);
    expect(before.keptUpTo).toBeNull();
    expect(BigInt(after.keptUpTo!)).toBeGreaterThanOrEqual(covered);
    store.close();
  });
});
