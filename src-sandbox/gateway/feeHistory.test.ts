import { describe, expect, it } from 'vitest';
import { blobBaseFee, blobParamsOf } from './blobFees';
import { BlockFeesCache } from './blockFeesCache';
import { blockFeesFromHeader, feeHistoryJson, feeHistoryResult, rewardsAt, tipsFromReceipts, type BlockFees, type FeeHeader } from './feeHistory';
import { readFeeHistoryParams } from './feeHistoryReader';

const BPO1 = blobParamsOf('Bpo1')!;
const receipt = (effectiveGasPrice: bigint, gasUsed: bigint) => ({ effectiveGasPrice: `0x${effectiveGasPrice.toString(16)}`, gasUsed: `0x${gasUsed.toString(16)}` });

describe('blobBaseFee', () => {
  // EIP-4844's fake_exponential with factor 1 (geth's TestFakeExponential rows, a line a fraction), and geth's
  // TestCalcBlobFee for Cancun (its fraction, 3,338,477): [excess, fraction, fee].
  it.each([
    [0n, 1n, 1n], [2n, 1n, 6n], [3n, 1n, 16n], [4n, 1n, 49n], [5n, 1n, 136n],
    [4n, 2n, 6n], [6n, 2n, 18n], [8n, 2n, 50n], [5n, 2n, 11n],
    [50_000_000n, 2_225_652n, 5_709_098_764n],
    [0n, 3_338_477n, 1n], [2_314_057n, 3_338_477n, 1n], [2_314_058n, 3_338_477n, 2n], [10n * 1024n * 1024n, 3_338_477n, 23n],
  ])('excess %i over fraction %i gives %i', (excess, fraction, fee) => {
    expect(blobBaseFee(excess, fraction)).toBe(fee);
  });

  it('knows the forks by the names anvil_nodeInfo gives them, and no others', () => {
    expect(blobParamsOf('Bpo1')).toEqual({ maxBlobsPerBlock: 9n, updateFraction: 8_346_193n }); // Anvil's blocks hold 9 blobs at most
    expect(blobParamsOf('Prague')).toEqual({ maxBlobsPerBlock: 9n, updateFraction: 5_007_716n });
    expect(blobParamsOf('Cancun')).toEqual({ maxBlobsPerBlock: 6n, updateFraction: 3_338_477n });
    expect(blobParamsOf('Shanghai')).toBeUndefined();
  });
});

describe('tipsFromReceipts', () => {
  it('sorts by effective tip, merges equal tips and never goes below zero', () => {
    const receipts = [receipt(130n, 21_000n), receipt(110n, 50_000n), receipt(130n, 7_000n), receipt(90n, 30_000n)];
    expect(tipsFromReceipts(receipts, 100n)).toEqual([
      { tip: 0n, gasUsed: 30_000n },
      { tip: 10n, gasUsed: 50_000n },
      { tip: 30n, gasUsed: 28_000n },
    ]);
  });
});

describe('rewardsAt (geth: the tip at which the gas used so far reaches gasUsed x p / 100)', () => {
  // Tips 1, 2, 3 using 21,000, 50,000 and 29,000 gas: the thresholds 21,000 and 71,000 are where the tip changes.
  const block = { gasUsed: 100_000n, transactionCount: 3, tips: [{ tip: 1n, gasUsed: 21_000n }, { tip: 2n, gasUsed: 50_000n }, { tip: 3n, gasUsed: 29_000n }] };

  it.each([
    [0, 1n],
    [21, 1n],
    [21.4, 2n], // threshold 21,400: a fraction counts (Anvil rounds it to 21 and answers 1)
    [22, 2n],
    [71, 2n],
    [71.001, 3n],
    [100, 3n],
  ])('percentile %d is %i', (p, reward) => {
    expect(rewardsAt(block, [p])).toEqual([reward]);
  });

  it('answers several ascending percentiles in one walk', () => {
    expect(rewardsAt(block, [0, 10, 21, 50, 71, 90, 100])).toEqual([1n, 1n, 1n, 2n, 2n, 3n, 3n]);
  });

  it('gives zeros for an empty block and refuses a block with transactions but no tips read', () => {
    expect(rewardsAt({ gasUsed: 0n, transactionCount: 0 }, [10, 90])).toEqual([0n, 0n]);
    expect(() => rewardsAt({ gasUsed: 21_000n, transactionCount: 1 }, [10])).toThrowErrorMatchingInlineSnapshot(`[RangeError: rewardsAt needs the tips of a block with transactions]`);
  });
});

const header = (overrides: Partial<FeeHeader> = {}): FeeHeader => ({
  number: '0x7',
  hash: `0x${'07'.repeat(32)}`,
  parentHash: `0x${'06'.repeat(32)}`,
  baseFeePerGas: '0x3b9aca00',
  gasUsed: '0x5208',
  gasLimit: '0x1c9c380',
  blobGasUsed: '0x20000',
  excessBlobGas: '0x0',
  transactions: ['0xaa'],
  ...overrides,
});

describe('blockFeesFromHeader', () => {
  it("takes the ratios and the blob base fee from the header and the fork's parameters", () => {
    const fees = blockFeesFromHeader(header({ excessBlobGas: `0x${(20_000_000).toString(16)}` }), BPO1);
    expect(fees).toMatchObject({ number: 7n, baseFeePerGas: 1_000_000_000n, gasUsed: 21_000n, transactionCount: 1, gasUsedRatio: 0.0007 });
    expect(fees.blobGasUsedRatio).toBe(1 / 9);
    expect(fees.baseFeePerBlobGas).toBe(blobBaseFee(20_000_000n, 8_346_193n));
    expect(fees.baseFeePerBlobGas).toBe(10n);
  });

  it('gives blob figures of zero for a header without blob fields, and refuses one without a base fee', () => {
    expect(blockFeesFromHeader(header({ blobGasUsed: undefined, excessBlobGas: null }), BPO1)).toMatchObject({ baseFeePerBlobGas: 0n, blobGasUsedRatio: 0 });
    expect(() => blockFeesFromHeader(header({ baseFeePerGas: null }), BPO1)).toThrowErrorMatchingInlineSnapshot(`[RangeError: block 7 has no base fee (a chain before London)]`);
  });
});

describe('feeHistoryResult and feeHistoryJson', () => {
  const empty = (number: bigint): BlockFees => ({ ...blockFeesFromHeader(header({ gasUsed: '0x0', blobGasUsed: '0x0', transactions: [] }), BPO1), number });
  const next = { baseFeePerGas: 0x11ec976fn, baseFeePerBlobGas: 1n };

  it("writes Anvil's bytes: its member order and floats, reward rows per percentile", () => {
    const result = feeHistoryResult({ oldestBlock: 7n, blocks: [{ ...empty(7n), baseFeePerGas: 0x147c1ac8n }], next, percentiles: [10] });
    expect(feeHistoryJson(result)).toBe(
      '{"baseFeePerGas":["0x147c1ac8","0x11ec976f"],"gasUsedRatio":[0.0],"baseFeePerBlobGas":["0x1","0x1"],"blobGasUsedRatio":[0.0],"oldestBlock":"0x7","reward":[["0x0"]]}',
    );
    expect(JSON.parse(feeHistoryJson(result))).toEqual(result);
  });

  it('leaves blobGasUsedRatio out and answers reward [] when no block is reported, as Anvil does', () => {
    const result = feeHistoryResult({ oldestBlock: 5n, blocks: [], next, percentiles: [10] });
    expect(feeHistoryJson(result)).toBe('{"baseFeePerGas":["0x11ec976f"],"gasUsedRatio":[],"baseFeePerBlobGas":["0x1"],"oldestBlock":"0x5","reward":[]}');
  });

  it('answers reward [] without percentiles, and prints fractions and whole ratios as serde does', () => {
    const busy = { ...blockFeesFromHeader(header(), BPO1), blobGasUsedRatio: 1 };
    const text = feeHistoryJson(feeHistoryResult({ oldestBlock: 7n, blocks: [busy], next, percentiles: [] }));
    expect(text).toContain('"gasUsedRatio":[0.0007]');
    expect(text).toContain('"blobGasUsedRatio":[1.0]');
    expect(text).toContain('"reward":[]');
  });
});

describe('BlockFeesCache', () => {
  const fees = (hash: string): BlockFees => ({ ...blockFeesFromHeader(header(), BPO1), hash });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = new BlockFeesCache(2);
    cache.set(fees('a'));
    cache.set(fees('b'));
    expect(cache.get('a')?.hash).toBe('a'); // now b is the least recently used
    cache.set(fees('c'));
    expect([cache.get('a')?.hash, cache.get('b'), cache.get('c')?.hash, cache.size]).toEqual(['a', undefined, 'c', 2]);
  });
});

describe('readFeeHistoryParams', () => {
  it.each([
    [['0x3', 'latest', [10, 50]], { blockCount: 3n, newestBlock: 'latest', percentiles: [10, 50] }],
    [['0x3', '0x1F'], { blockCount: 3n, newestBlock: 31n, percentiles: [] }],
    [['0x0', 'safe', []], { blockCount: 0n, newestBlock: 'safe', percentiles: [] }],
  ])('reads %j', (params, expected) => {
    expect(readFeeHistoryParams(params)).toEqual(expected);
  });

  it.each([[['0x3']], [['0x3', 'latest', null]], [['0x3', 'latest', [10], 'x']], [{ blockCount: '0x1' }], [['0x3', 'newest', []]], [[3, 'latest', []]]])(
    'leaves %j to the node, which refuses it in its own words',
    (params) => {
      expect(readFeeHistoryParams(params)).toBeUndefined();
    },
  );
});
