import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prunedHistoryRefusal, PRUNED_HISTORY_CODE } from './prunedHistory';

const hex = (n: number) => `0x${n.toString(16)}`;
const windowOf = (seededTo: number, floor: number) => ({ seededTo, floor: () => floor });

describe('prunedHistoryRefusal', () => {
  it('refuses a block read by number in the gap, in geth\'s words, saying which blocks are kept', () => {
    expect(prunedHistoryRefusal('eth_getBlockByNumber', [hex(300), false], windowOf(244, 1000))).toEqual({
      code: PRUNED_HISTORY_CODE,
      message: 'pruned history unavailable',
      data: { kept: [{ fromBlock: '0x0', toBlock: '0xf4' }, { fromBlock: '0x3e8', toBlock: 'latest' }] },
    });
    expect(prunedHistoryRefusal('eth_getBlockReceipts', [{ blockNumber: hex(245) }], windowOf(244, 1000))?.code).toBe(4444);
  });

  it('answers the seeded blocks, the kept ones, tags, hashes and other methods as before', () => {
    const window = windowOf(244, 1000);
    for (const params of [[hex(244), false], [hex(1000), true], ['latest', false], ['earliest', false], ['finalized', false]]) {
      expect(prunedHistoryRefusal('eth_getBlockByNumber', params, window)).toBeUndefined();
    }
    expect(prunedHistoryRefusal('eth_getBlockByHash', [`0x${'1'.repeat(64)}`, false], window)).toBeUndefined();
    expect(prunedHistoryRefusal('eth_getBalance', ['0x0000000000000000000000000000000000000001', hex(300)], window)).toBeUndefined();
    expect(prunedHistoryRefusal('eth_getLogs', [{ blockHash: `0x${'1'.repeat(64)}` }], window)).toBeUndefined();
    expect(prunedHistoryRefusal('eth_getLogs', [{}], window)).toBeUndefined();
  });

  it('refuses nothing while no live block was dropped', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(20_000), (seededTo, n) => {
        expect(prunedHistoryRefusal('eth_getBlockByNumber', [hex(n), false], windowOf(seededTo, seededTo + 1))).toBeUndefined();
        expect(prunedHistoryRefusal('eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(n) }], windowOf(seededTo, seededTo + 1))).toBeUndefined();
      }),
    );
  });

  it('refuses a block by number exactly when it is a live block below the floor', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(5000), fc.nat(10_000), fc.constantFrom('eth_getBlockByNumber', 'eth_getTransactionByBlockNumberAndIndex', 'eth_getBlockTransactionCountByNumber'), (seededTo, gap, n, method) => {
        const floor = seededTo + 1 + gap;
        const refused = prunedHistoryRefusal(method, [hex(n), '0x0'], windowOf(seededTo, floor)) !== undefined;
        expect(refused).toBe(n > seededTo && n < floor);
      }),
    );
  });

  it('refuses a log range exactly when it reaches into the gap', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(5000), fc.nat(10_000), fc.option(fc.nat(10_000)), (seededTo, gap, from, to) => {
        const floor = seededTo + 1 + gap;
        const refused = prunedHistoryRefusal('eth_getLogs', [{ fromBlock: hex(from), ...(to === null ? {} : { toBlock: hex(to) }) }], windowOf(seededTo, floor)) !== undefined;
        const end = to ?? Number.MAX_SAFE_INTEGER;
        const reaches = from <= end && Math.max(from, seededTo + 1) <= Math.min(end, floor - 1);
        expect(refused).toBe(reaches);
      }),
    );
  });
});
