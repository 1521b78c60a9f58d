import { describe, expect, it } from 'vitest';
import { encodeAbiParameters } from 'viem';
import type { HoldingsView, TokenTransferRow, TransfersEvent } from '../../../src-shared/api/history';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { historyTestKit } from './testing/historyTestKit';
import { addressTopic, TRANSFER_BATCH_TOPIC, TRANSFER_TOPIC, transferFilters, transfersIn } from './tokenTransfers';

const { sandbox, servicesOver, raw } = historyTestKit();
const tempDir = useTempDataDirs();
const historyOver = servicesOver;

/** The transfer logs of `address` up to `head`, read straight from the sandbox block range by block range (each under its limit). */
async function rawTransferLogs(address: string, head: number): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const filter of transferFilters(address)) {
    for (let from = 0; from <= head; from += 5_000) {
      const logs = await raw<{ transactionHash: string; logIndex: string }[]>('eth_getLogs', [{ ...filter, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${Math.min(head, from + 4_999).toString(16)}` }]);
      for (const log of logs) ids.add(`${log.transactionHash}:${Number(BigInt(log.logIndex))}`);
    }
  }
  return ids;
}

async function transfersOf(history: ReturnType<typeof servicesOver>['history'], address: string) {
  const events: TransfersEvent[] = [];
  await history.transfers('local', address, (event) => events.push(event), new AbortController().signal);
  const rows = events.flatMap((event) => (event.kind === 'rows' ? event.rows : []));
  const done = events.find((event): event is Extract<TransfersEvent, { kind: 'done' }> => event.kind === 'done')!;
  return { rows, done, events };
}

describe('token transfers and holdings on the sandbox', () => {
  it("finds every token transfer of a seeded trader, as many as a raw eth_getLogs finds, and its holdings are what balanceOf says", async () => {
    const trader = sandbox.manifest.accounts.traders[0]!.address;
    const store = openStore(tempDir());
    const { history } = historyOver(store);
    const { rows, done } = await transfersOf(history, trader);
    const expected = await rawTransferLogs(trader, Number(BigInt(done.head)));
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => `${row.transactionHash}:${row.logIndex}`))).toEqual(expected);
    for (const row of rows) expect([row.from, row.to]).toContain(trader.toLowerCase());
    expect(rows.some((row) => row.symbol !== null)).toBe(true);
    // Each row says when: its block's time as the header gives it (the newest and the oldest checked).
    for (const row of [rows[0]!, rows.at(-1)!]) {
      const header = await raw<{ timestamp: string }>('eth_getBlockByNumber', [row.blockNumber, false]);
      expect(row.timestamp).toBe(header.timestamp);
    }

    const holdings: HoldingsView = await history.holdings('local', trader);
    const erc20 = holdings.holdings.filter((row) => row.standard === 'erc20');
    expect(erc20.length).toBeGreaterThan(0);
    for (const holding of erc20) {
      const data = `0x70a08231${trader.slice(2).toLowerCase().padStart(64, '0')}`;
      const balance = await raw<string>('eth_call', [{ to: holding.token, data }, holdings.block]);
      expect(holding.balance).toBe(BigInt(balance).toString(10));
    }
    store.close();
  });

  it('a second visit scans only the blocks after what it kept', async () => {
    const trader = sandbox.manifest.accounts.traders[2]!.address;
    const store = openStore(tempDir());
    const first = await transfersOf(historyOver(store).history, trader);
    const again = historyOver(store);
    const second = await transfersOf(again.history, trader);
    expect(new Set(second.rows.map((row) => row.id))).toEqual(new Set(first.rows.map((row) => row.id)));
    const covered = BigInt(first.done.coveredTo);
    expect(covered).toBeGreaterThan(0n);
    expect(second.events.some((event) => event.kind === 'rows' && event.stored)).toBe(first.rows.some((row) => BigInt(row.blockNumber) <= covered));
    const older = again.sent.filter(({ method, params }) => method === 'eth_getLogs' && BigInt(((params as unknown[])[0] as { fromBlock: string }).fromBlock) <= covered);
    expect(older).toEqual([]);
    store.close();
  });
});

describe('transfersIn', () => {
  const me = '0x00000000000000000000000000000000000000aa';
  const other = '0x00000000000000000000000000000000000000bb';
  const log = (topics: string[], data: `0x${string}`) => ({ address: '0x0000000000000000000000000000000000000Cc0', topics, data, blockNumber: '0x5', blockHash: '0x1', transactionHash: '0xfeed', transactionIndex: '0x0', logIndex: '0x2' });
  const pick = (rows: Omit<TokenTransferRow, 'symbol' | 'decimals'>[]) => rows.map(({ standard, direction, amount, tokenId, id }) => ({ standard, direction, amount, tokenId, id }));

  it('reads an ERC-20 amount, an ERC-721 id and each id of an ERC-1155 batch, in the direction of the address', () => {
    expect(pick(transfersIn(log([TRANSFER_TOPIC, addressTopic(other), addressTopic(me)], encodeAbiParameters([{ type: 'uint256' }], [10n])), me))).toEqual([{ standard: 'erc20', direction: 'in', amount: '10', tokenId: null, id: '0xfeed:2' }]);
    expect(pick(transfersIn(log([TRANSFER_TOPIC, addressTopic(me), addressTopic(other), `0x${(7).toString(16).padStart(64, '0')}`], '0x'), me))).toEqual([{ standard: 'erc721', direction: 'out', amount: '1', tokenId: '7', id: '0xfeed:2' }]);
    const batch = encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n], [5n, 6n]]);
    expect(pick(transfersIn(log([TRANSFER_BATCH_TOPIC, addressTopic(other), addressTopic(me), addressTopic(me)], batch), me))).toEqual([
      { standard: 'erc1155', direction: 'self', amount: '5', tokenId: '1', id: '0xfeed:2:0' },
      { standard: 'erc1155', direction: 'self', amount: '6', tokenId: '2', id: '0xfeed:2:1' },
    ]);
  });

  it('gives nothing for a log of another shape or of other addresses', () => {
    expect(transfersIn(log([TRANSFER_TOPIC, addressTopic(other), addressTopic(other)], encodeAbiParameters([{ type: 'uint256' }], [1n])), me)).toEqual([]);
    expect(transfersIn(log([TRANSFER_TOPIC, addressTopic(other), addressTopic(me)], '0x1234'), me)).toEqual([]);
    expect(transfersIn(log(['0x' + '11'.repeat(32)], '0x'), me)).toEqual([]);
  });
});
