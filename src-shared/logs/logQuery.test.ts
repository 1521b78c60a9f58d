import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logQuerySchema } from '../api/logs';
import { countLogParams, logQueryProblems, toLogFilter } from './logQuery';
import type { LogQuery } from './types';

const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const B = `0x${'b'.repeat(40)}`;
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const T1 = `0x${'1'.repeat(64)}`;
const T2 = `0x${'2'.repeat(64)}`;
const HASH = `0x${'c'.repeat(64)}`;

const query = (fields: Partial<LogQuery>): LogQuery => ({ addresses: [], topics: [], ...fields });
const messages = (fields: Partial<LogQuery>) => logQueryProblems(query(fields)).map(({ field, index, message }) => `${field}${index === undefined ? '' : `[${index}]`}: ${message}`);

describe('logQueryProblems', () => {
  it.each<[string, Partial<LogQuery>]>([
    ['an empty query (every log of the latest block)', {}],
    ['a checksummed, a lowercase and an uppercase address', { addresses: [A, A.toLowerCase(), `0x${'AB'.repeat(20)}`] }],
    ['OR-lists and inner and trailing wildcards', { topics: [[TRANSFER], null, [T1, T2], null] }],
    ['decimal, hex and tag blocks', { fromBlock: '100', toBlock: '0x64' }],
    ['every tag', { fromBlock: 'earliest', toBlock: 'finalized' }],
    ['tags either way round (only numbers are compared)', { fromBlock: 'latest', toBlock: '5' }],
    ['a blockHash alone', { blockHash: HASH }],
    ['an event whose topic is in topic0', { event: 'Transfer(address,address,uint256)', topics: [[T1, TRANSFER]] }],
    ['an event with topic0 left a wildcard', { event: 'Transfer(address indexed from, address indexed to, uint256 value)' }],
  ])('accepts %s', (_, fields) => {
    expect(logQueryProblems(query(fields))).toEqual([]);
  });

  it('says which address is wrong and how', () => {
    expect(messages({ addresses: [A, '0x1234', A.replace('d8dA', 'd8Da'), `${A} `] })).toMatchInlineSnapshot(`
      [
        "addresses[1]: Address 2, "0x1234", is not an address: 0x and 40 hex digits.",
        "addresses[2]: Address 3, "0xd8Da6BF26964aF9D7eEd9e03E53415D37aA96045", has a bad checksum: a character may be mistyped. Check it, or paste it in all lowercase to skip the check.",
        "addresses[3]: Address 4, "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 ", is not an address: 0x and 40 hex digits.",
      ]
    `);
  });

  it('refuses bad topics, an empty OR-list and a fifth position', () => {
    expect(messages({ topics: [[TRANSFER, '0xabc'], [], null, null, [T1]] })).toMatchInlineSnapshot(`
      [
        "topics: A log has at most four topics (topic0 to topic3); this query has 5 positions.",
        "topics[0]: "0xabc" in topic0 is not a topic: 0x and 64 hex digits (32 bytes).",
        "topics[1]: topic1 is an empty list, which matches no log at all: use a wildcard (any value) instead, or give at least one value.",
      ]
    `);
  });

  it('refuses blocks that are not numbers or tags, and a backwards range', () => {
    expect(messages({ fromBlock: 'Latest', toBlock: '-1' })).toMatchInlineSnapshot(`
      [
        "fromBlock: fromBlock "Latest" is not a block: a number (decimal or 0x hex) or latest, earliest, pending, safe or finalized.",
        "toBlock: toBlock "-1" is not a block: a number (decimal or 0x hex) or latest, earliest, pending, safe or finalized.",
      ]
    `);
    expect(messages({ fromBlock: '', toBlock: `0x${'f'.repeat(14)}` })).toMatchInlineSnapshot(`
      [
        "fromBlock: fromBlock is empty: leave it out for latest, or give a block number or latest, earliest, pending, safe or finalized.",
        "toBlock: toBlock "0xffffffffffffff" is too large for a block number (at most 2^53 − 1).",
      ]
    `);
    expect(messages({ fromBlock: '0x10', toBlock: '15' })).toMatchInlineSnapshot(`
      [
        "fromBlock: fromBlock (block 16) is after toBlock (block 15): the range runs backwards. Make fromBlock the earlier block.",
      ]
    `);
    expect(messages({ fromBlock: '0'.repeat(90) + '7', toBlock: '7' })).toEqual([]);
  });

  it('refuses a bad blockHash, and a blockHash with fromBlock or toBlock, with the spec’s reason', () => {
    expect(messages({ blockHash: '0x12', toBlock: 'latest' })).toMatchInlineSnapshot(`
      [
        "blockHash: blockHash "0x12" is not a block hash: 0x and 64 hex digits.",
        "blockHash: A query by blockHash names one block, so fromBlock and toBlock must be left out (the JSON-RPC spec: blockHash is used instead of fromBlock and toBlock).",
      ]
    `);
  });

  it('refuses an event that is not a signature, or whose topic topic0 does not include', () => {
    expect(messages({ event: 'Transfer(' })).toMatchInlineSnapshot(`
      [
        "event: "Transfer(" is not an event signature. Write it like Transfer(address indexed from, address indexed to, uint256 value), or bare: Transfer(address,address,uint256).",
      ]
    `);
    expect(messages({ event: 'Transfer(address,address,uint256)', topics: [[T1]] })).toMatchInlineSnapshot(`
      [
        "event: topic0 does not include the topic of "Transfer(address,address,uint256)" (0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef), so this event is not one the query finds. Pick the event again, or clear it.",
      ]
    `);
  });

  it('is what the contract refuses, with the same words on the same field', () => {
    const result = logQuerySchema.safeParse(query({ addresses: ['0x1234'] }));
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([{ path: ['addresses'], message: 'Address 1, "0x1234", is not an address: 0x and 40 hex digits.' }]);
  });

  it('never throws, and quotes no input unescaped (property)', () => {
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('latest', '0x10', '12', A));
    const arbitrary = fc.record(
      { addresses: fc.array(text, { maxLength: 3 }), topics: fc.array(fc.option(fc.array(text, { maxLength: 2 })), { maxLength: 6 }), fromBlock: text, toBlock: text, blockHash: text, event: text },
      { requiredKeys: ['addresses', 'topics'] },
    );
    fc.assert(
      fc.property(arbitrary, (q) => {
        for (const problem of logQueryProblems(q as LogQuery)) expect(problem.message).not.toMatch(/[\p{Cc}\u202a-\u202e]/u);
      }),
      { numRuns: 500 },
    );
  });
});

describe('toLogFilter', () => {
  it.each<[string, Partial<LogQuery>, object]>([
    ['nothing for an empty query', {}, {}],
    ['one address as a string', { addresses: [A] }, { address: A }],
    ['several addresses as a list', { addresses: [A, B] }, { address: [A, B] }],
    ['a one-value OR-list as the value', { topics: [[TRANSFER]] }, { topics: [TRANSFER] }],
    ['inner wildcards as null, trailing ones dropped', { topics: [[TRANSFER], null, [T1, T2], null] }, { topics: [TRANSFER, null, [T1, T2]] }],
    ['no topics when all are wildcards', { topics: [null, null] }, {}],
    ['decimal blocks as 0x quantities', { fromBlock: '100', toBlock: '0' }, { fromBlock: '0x64', toBlock: '0x0' }],
    ['hex blocks without leading zeros', { fromBlock: '0x00FF', toBlock: 'latest' }, { fromBlock: '0xff', toBlock: 'latest' }],
    ['a blockHash', { blockHash: HASH }, { blockHash: HASH }],
    ['never the event', { event: 'Transfer(address,address,uint256)', topics: [[TRANSFER]] }, { topics: [TRANSFER] }],
    ['unreadable blocks as typed', { fromBlock: 'soon' }, { fromBlock: 'soon' }],
  ])('sends %s', (_, fields, filter) => {
    expect(toLogFilter(query(fields))).toStrictEqual(filter);
  });

  it('does not share lists with the query', () => {
    const q = query({ addresses: [A, B], topics: [[T1, T2]] });
    const filter = toLogFilter(q);
    (filter.address as string[]).push(A);
    expect(q.addresses).toEqual([A, B]);
  });
});

describe('countLogParams', () => {
  it.each<[Partial<LogQuery>, number]>([
    [{}, 0],
    [{ addresses: [A, B] }, 2],
    [{ addresses: [A], topics: [[TRANSFER], null, [T1, T2]] }, 4],
  ])('%j counts %i', (fields, count) => {
    expect(countLogParams(query(fields))).toBe(count);
  });

  it('counts what the sandbox counts on the filter sent (property)', () => {
    // The sandbox's countFilterParams (src-sandbox/gateway/logsLimits.ts), which src-shared may not import.
    const sandboxCount = (filter: { address?: string | string[]; topics?: (string | string[] | null)[] }) =>
      (typeof filter.address === 'string' ? 1 : (filter.address?.length ?? 0)) +
      (filter.topics ?? []).reduce((sum, topic) => sum + (Array.isArray(topic) ? topic.length : topic === null ? 0 : 1), 0);
    const value = fc.constantFrom(T1, T2, TRANSFER);
    const arbitrary = fc.record({ addresses: fc.array(fc.constantFrom(A, B)), topics: fc.array(fc.option(fc.array(value, { minLength: 1, maxLength: 5 })), { maxLength: 4 }) });
    fc.assert(
      fc.property(arbitrary, (q) => {
        expect(countLogParams(q)).toBe(sandboxCount(toLogFilter(q)));
      }),
    );
  });
});
