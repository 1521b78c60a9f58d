import { describe, expect, it } from 'vitest';
import type { SentEvent } from '../../../src-shared/api/history';
import { historyTestKit } from './testing/historyTestKit';

const { sandbox, servicesOver, raw } = historyTestKit();
const { history } = servicesOver();

describe("an address's ETH balance over time", () => {
  it('finds a change at every block where the trader sent a transaction, each before and after as eth_getBalance says', async () => {
    const trader = sandbox.manifest.accounts.traders[3]!.address;
    const view = await history.balance('local', trader, 48);
    expect(view.samples.length).toBe(48);
    expect(view.truncated).toBe(false);
    for (const change of view.changes.slice(-10)) {
      const block = BigInt(change.block);
      expect(change.after).toBe(BigInt(await raw<string>('eth_getBalance', [trader, change.block])).toString(10));
      expect(change.before).toBe(BigInt(await raw<string>('eth_getBalance', [trader, `0x${(block - 1n).toString(16)}`])).toString(10));
      expect(change.after).not.toBe(change.before);
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
});
