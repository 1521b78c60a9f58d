import { describe, expect, it } from 'vitest';
import {
  blockHashConflictError,
  blockRangeError,
  countFilterParams,
  isFilterError,
  paramsLimitError,
  readBlockRef,
  readLogsFilter,
  resultLimitHint,
  tooManyResultsError,
} from './logsLimits';

const ADDRESS = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const TOPIC = `0x${'ab'.repeat(32)}`;

describe('countFilterParams', () => {
  it.each([
    [{}, 0],
    [{ address: ADDRESS }, 1],
    [{ address: [ADDRESS, ADDRESS, ADDRESS] }, 3],
    [{ topics: [TOPIC] }, 1],
    [{ topics: [null, TOPIC, null] }, 1],
    [{ topics: [[TOPIC, TOPIC], TOPIC, [TOPIC, TOPIC, TOPIC]] }, 6],
    [{ address: [ADDRESS, ADDRESS], topics: [[TOPIC, TOPIC], null, TOPIC] }, 5],
  ])('counts %j as %i', (filter, expected) => {
    expect(countFilterParams(filter)).toBe(expected);
  });
});

describe('paramsLimitError', () => {
  it('allows exactly the limit and refuses one more with -32005 and {limit, count}', () => {
    const topics = (n: number) => [Array.from({ length: n }, () => TOPIC)];
    expect(paramsLimitError({ topics: topics(5000) }, 5000)).toBeUndefined();
    expect(paramsLimitError({ address: ADDRESS, topics: topics(5000) }, 5000)).toMatchInlineSnapshot(`
      {
        "code": -32005,
        "data": {
          "count": 5001,
          "limit": 5000,
        },
        "message": "query exceeds limit of 5000 parameters",
      }
    `);
  });
});

describe('readLogsFilter', () => {
  it('requires exactly [filter object]', () => {
    for (const params of [undefined, [], [1], [null], [[]], [{}, {}], { fromBlock: '0x0' }]) {
      const result = readLogsFilter(params);
      expect(isFilterError(result) && result.code).toBe(-32602);
    }
  });

  it('refuses malformed block fields', () => {
    expect(readLogsFilter([{ fromBlock: 5 }])).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "message": "invalid params: fromBlock must be a hex block number or a block tag",
      }
    `);
    expect(isFilterError(readLogsFilter([{ toBlock: 'soon' }]))).toBe(true);
  });

  it('reads hex numbers and tags', () => {
    expect(readBlockRef('0x1f')).toEqual({ kind: 'number', value: 31 });
    expect(readBlockRef('finalized')).toEqual({ kind: 'tag', tag: 'finalized' });
    expect(readBlockRef(undefined)).toBeUndefined();
    expect(readBlockRef('0x')).toBeNull();
    expect(readBlockRef('0x' + 'f'.repeat(17))).toBeNull();
  });
});

describe('blockHashConflictError', () => {
  it('refuses blockHash with fromBlock or toBlock, in geth’s words', () => {
    const filter = readLogsFilter([{ blockHash: TOPIC, toBlock: 'latest' }]);
    if (isFilterError(filter)) throw new Error('unexpected');
    expect(blockHashConflictError(filter)).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "message": "cannot specify both blockHash and fromBlock/toBlock, choose one or the other",
      }
    `);
    const alone = readLogsFilter([{ blockHash: TOPIC }]);
    if (isFilterError(alone)) throw new Error('unexpected');
    expect(blockHashConflictError(alone)).toBeUndefined();
  });
});

describe('blockRangeError', () => {
  it('counts blocks inclusively: 10,000 blocks pass, 10,001 do not', () => {
    expect(blockRangeError(0, 9_999, 10_000)).toBeUndefined();
    expect(blockRangeError(5, 4, 10_000)).toBeUndefined();
    expect(blockRangeError(0, 10_000, 10_000)).toMatchInlineSnapshot(`
      {
        "code": -32602,
        "data": {
          "from": "0x0",
          "limit": 10000,
          "to": "0x2710",
        },
        "message": "range 10001 exceeds limit of 10000",
      }
    `);
  });
});

describe('resultLimitHint', () => {
  const repeat = (block: number, n: number) => Array.from({ length: n }, () => block);

  it.each([
    ['stops before the block that overflows', [...repeat(3, 4), ...repeat(5, 4), ...repeat(9, 4)], 2, 10, { from: 2, to: 8 }],
    ['keeps a prefix that fits exactly', [...repeat(3, 5), ...repeat(4, 5), ...repeat(6, 1)], 3, 10, { from: 3, to: 5 }],
    ['answers the first block alone when it overflows by itself', repeat(7, 11), 7, 10, { from: 7, to: 7 }],
    ['answers the blocks before an overflowing first log block', repeat(7, 11), 2, 10, { from: 2, to: 6 }],
    ['does not depend on log order', [9, 3, 5, 3, 9, 5, 9, 3], 0, 5, { from: 0, to: 8 }],
  ])('%s', (_name, blocks, from, limit, expected) => {
    expect(resultLimitHint(blocks, from, limit)).toEqual(expected);
  });
});

describe('tooManyResultsError', () => {
  it('has the hosted service’s message and data', () => {
    expect(tooManyResultsError({ from: 0x10, to: 0x2a }, 10_000)).toMatchInlineSnapshot(`
      {
        "code": -32005,
        "data": {
          "from": "0x10",
          "limit": 10000,
          "to": "0x2a",
        },
        "message": "query returned more than 10000 results. Try with this block range [0x10, 0x2a].",
      }
    `);
  });
});
