import { describe, expect, it } from 'vitest';
import type { SentEvent, SentPage } from '../../../src-shared/api/history';
import type { RpcParams } from '../rpc/probeNetwork';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { historyTestKit } from './testing/historyTestKit';

const { sandbox, servicesOver, raw } = historyTestKit();
const tempDir = useTempDataDirs();

/** Every page of what `address` sent, newest first, as the page asks for them. */
async function allSent(history: ReturnType<typeof servicesOver>['history'], address: string): Promise<{ pages: SentPage[]; progress: number }> {
  const pages: SentPage[] = [];
  let progress = 0;
  let before: number | undefined;
  do {
    const events: SentEvent[] = [];
    await history.sent('local', address, { ...(before !== undefined ? { before } : {}), count: 40 }, (event) => events.push(event), new AbortController().signal);
    progress += events.filter((event) => event.kind === 'progress').length;
    const page = events.find((event): event is Extract<SentEvent, { kind: 'page' }> => event.kind === 'page')!.page;
    pages.push(page);
    before = page.next ?? undefined;
  } while (before !== undefined);
  return { pages, progress };
}

/** The block a request reads at: eth_getTransactionCount's second parameter, eth_getBlockByNumber's first. */
const blockOf = (method: string, params: RpcParams): bigint | undefined => {
  const tag = method === 'eth_getTransactionCount' ? (params as unknown[])[1] : method === 'eth_getBlockByNumber' ? (params as unknown[])[0] : undefined;
  return typeof tag === 'string' && tag.startsWith('0x') ? BigInt(tag) : undefined;
};

describe('history service on the sandbox', () => {
  it("finds every transaction a seeded trader sent, newest first, each with its nonce, and a second visit asks nothing about blocks it kept", async () => {
    const trader = sandbox.manifest.accounts.traders[0]!.address;
    const store = openStore(tempDir());
    // The finalized block before the first visit: at or below what that visit saw finalized, so all of it is kept.
    const covered = BigInt((await raw<{ number: string }>('eth_getBlockByNumber', ['finalized', false])).number);
    const first = servicesOver(store);
    const { pages, progress } = await allSent(first.history, trader);
    const rows = pages.flatMap((page) => page.rows);
    const nonce = Number(BigInt(await raw<string>('eth_getTransactionCount', [trader, pages[0]!.head])));
    expect(nonce).toBeGreaterThan(0);
    expect(pages[0]!.nonce).toBe(nonce);
    expect(rows.map((row) => row.nonce)).toEqual(Array.from({ length: nonce }, (_, i) => nonce - 1 - i));
    expect(progress).toBeGreaterThan(0);
    // Each row is the chain's transaction of that nonce from the trader, read independently.
    const chainTxs = await Promise.all(rows.map((row) => raw<{ from: string; nonce: string; blockNumber: string }>('eth_getTransactionByHash', [row.hash])));
    chainTxs.forEach((tx, i) => {
      expect(tx.from.toLowerCase()).toBe(trader.toLowerCase());
      expect(Number(BigInt(tx.nonce))).toBe(rows[i]!.nonce);
      expect(tx.blockNumber).toBe(rows[i]!.blockNumber);
    });

    await new Promise((resolve) => setImmediate(resolve)); // the explorer writes finalized blocks to disk just after answering
    const second = servicesOver(store);
    const again = await allSent(second.history, trader);
    expect(again.pages.flatMap((page) => page.rows).map((row) => row.hash)).toEqual(rows.map((row) => row.hash));
    const older = second.sent.filter(({ method, params }) => {
      const block = blockOf(method, params);
      return block !== undefined && block <= covered;
    });
    expect(older).toEqual([]);
    // …where the first visit had to ask about those blocks.
    expect(covered).toBeGreaterThan(0n);
    expect(first.sent.filter(({ method, params }) => method === 'eth_getTransactionCount' && (blockOf(method, params) ?? covered + 1n) <= covered).length).toBeGreaterThan(0);
    store.close();
  });

  it('finds nothing for an address that never sent a transaction, in one page', async () => {
    const store = openStore(tempDir());
    const { history } = servicesOver(store);
    const { pages } = await allSent(history, '0x000000000000000000000000000000000000dEaD');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ nonce: 0, rows: [], next: null });
    store.close();
  });
});
