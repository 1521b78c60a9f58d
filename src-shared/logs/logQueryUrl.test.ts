import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { logQueryProblems } from './logQuery';
import { logQueryFromSearch, logQueryToSearch } from './logQueryUrl';
import type { LogQuery } from './types';

const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const B = `0x${'b'.repeat(40)}`;
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const T1 = `0x${'1'.repeat(64)}`;
const T2 = `0x${'2'.repeat(64)}`;

describe('logQueryToSearch', () => {
  it('writes repeated keys for lists and topicN=* for wildcards, without a leading ?', () => {
    const search = logQueryToSearch({ addresses: [A, B], topics: [[TRANSFER], null, [T1, T2]], fromBlock: '100', toBlock: 'latest', event: 'Transfer(address,address,uint256)' });
    expect(search).toBe(
      `address=${A}&address=${B}&fromBlock=100&toBlock=latest&topic0=${TRANSFER}&topic1=*&topic2=${T1}&topic2=${T2}&event=Transfer(address%2Caddress%2Cuint256)`,
    );
  });

  it('writes nothing for an empty query, and never throws on a lone surrogate', () => {
    expect(logQueryToSearch({ addresses: [], topics: [] })).toBe('');
    expect(logQueryToSearch({ addresses: [], topics: [], event: 'E\uD800' })).toBe('event=E%EF%BF%BD');
  });
});

describe('logQueryFromSearch', () => {
  it('reads lists, wildcards written or missing, and a leading ?', () => {
    expect(logQueryFromSearch(`?address=${A}&address=${B}&topic0=${TRANSFER}&topic0=${T1}&topic3=${T2}&topic1=*&fromBlock=0x10&blockHash=&event=Transfer(address,address,uint256)`)).toEqual({
      query: { addresses: [A, B], topics: [[TRANSFER, T1], null, null, [T2]], fromBlock: '0x10', event: 'Transfer(address,address,uint256)' },
      problems: [],
    });
    expect(logQueryFromSearch(`topic0=&topic1=${T1}`).query.topics).toEqual([null, [T1]]);
    expect(logQueryFromSearch('').query).toEqual({ addresses: [], topics: [] });
  });

  it('decodes percent-encoding and + as a space', () => {
    expect(logQueryFromSearch('event=Transfer(address%20indexed+from)%26').query.event).toBe('Transfer(address indexed from)&');
  });

  it('reports what it ignored or read a particular way, and never throws', () => {
    expect(logQueryFromSearch(`foo=1&topic4=${T1}&address=&fromBlock=1&fromBlock=2&topic1=*&topic1=${T1}&event=%E0%A4%A&utm_source=x\u202E`).problems).toMatchInlineSnapshot(`
      [
        "The link's "foo" is not a log query parameter; it was ignored.",
        ""topic4" was ignored: a log has at most four topics, topic0 to topic3.",
        "An empty address was ignored.",
        ""event=%E0%A4%A" is not valid percent-encoding; it was ignored.",
        "The link's "utm_source" is not a log query parameter; it was ignored.",
        "topic1 is both a wildcard and values; it was read as a wildcard (any value).",
        "fromBlock appears 2 times; the first, "1", was used.",
      ]
    `);
  });

  it('leaves the values to logQueryProblems', () => {
    const { query, problems } = logQueryFromSearch('address=0x12&toBlock=soon');
    expect(problems).toEqual([]);
    expect(logQueryProblems(query).map((problem) => problem.field)).toEqual(['addresses', 'toBlock']);
  });

  it('never throws, whatever the search (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'?&=%+*topic0123address fromBlock E2 80 AE'.split('')) })), (search) => {
        const { query, problems } = logQueryFromSearch(search);
        expect(query.topics.length).toBeLessThanOrEqual(4);
        for (const problem of problems) expect(problem.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('round trip', () => {
  const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length }).map((body) => `0x${body}`);
  const address = fc.oneof(hex(40), hex(40).map((text) => getAddress(text)), hex(40).map((text) => `0x${text.slice(2).toUpperCase()}`));
  const block = fc.oneof(
    fc.constantFrom('latest', 'earliest', 'pending', 'safe', 'finalized'),
    fc.nat().map(String),
    fc.nat().map((n) => `0x${n.toString(16)}`),
  );
  const validQuery: fc.Arbitrary<LogQuery> = fc
    .record(
      {
        addresses: fc.array(address, { maxLength: 4 }),
        topics: fc.array(fc.option(fc.array(hex(64), { minLength: 1, maxLength: 3 })), { maxLength: 4 }),
        fromBlock: block,
        toBlock: block,
        blockHash: hex(64),
        event: fc.constant('Transfer(address indexed from, address indexed to, uint256 value)'),
      },
      { requiredKeys: ['addresses', 'topics'] },
    )
    .filter((query) => logQueryProblems(query).length === 0);

  it('reads back every valid query as it was (property)', () => {
    fc.assert(
      fc.property(validQuery, (query) => {
        expect(logQueryFromSearch(logQueryToSearch(query))).toEqual({ query, problems: [] });
      }),
      { numRuns: 500 },
    );
  });

  it('reads back any event text, whatever characters it has (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (event) => {
        expect(logQueryFromSearch(logQueryToSearch({ addresses: [], topics: [], event })).query.event).toBe(event);
      }),
    );
  });
});
