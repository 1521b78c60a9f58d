import { describe, expect, it } from 'vitest';
import { requestedDelayMs, retryDelay } from './retryDelay';
import type { RpcErrorFacts } from './rpcErrorFacts';

const facts = (fields: Partial<RpcErrorFacts>): RpcErrorFacts => ({ name: 'Error', message: '', revert: { reverted: false }, ...fields });
const policy = { retries: 3, baseDelayMs: 100, maxDelayMs: 5000 };
const noJitter = () => 0;

describe('retryDelay', () => {
  it.each<[string, Partial<RpcErrorFacts>, number | undefined]>([
    ['429 with backoff_seconds waits what the service asks', { status: 429, rpcCode: -32005, rpcMessage: 'project ID request rate exceeded', rpcData: { backoff_seconds: 2 } }, 2000],
    ['429 with only Retry-After waits that', { status: 429, retryAfter: '3' }, 3000],
    ['backoff_seconds wins over Retry-After', { status: 429, rpcData: { backoff_seconds: 1 }, retryAfter: '4' }, 1000],
    ['429 without a hint backs off', { status: 429 }, 100],
    ['a pause over the cap is not waited for', { status: 429, rpcData: { backoff_seconds: 60 } }, undefined],
    ['503 backs off', { status: 503 }, 100],
    ['503 with Retry-After waits that', { status: 503, retryAfter: '1' }, 1000],
    ['ECONNRESET backs off', { systemCode: 'ECONNRESET', kind: 'network' }, 100],
    ['401 is not retried', { status: 401, httpBody: 'invalid project id' }, undefined],
    ['403 -32002 is not retried', { status: 403, rpcCode: -32002 }, undefined],
    ['a log limit is not retried', { rpcCode: -32005, rpcMessage: 'query returned more than 10000 results' }, undefined],
    ['a daily quota is not retried', { rpcCode: -32005, rpcMessage: 'daily request count exceeded, request rate limited' }, undefined],
    ['a revert is not retried', { rpcCode: 3, rpcMessage: 'execution reverted' }, undefined],
    ['an unknown method is not retried', { rpcCode: -32601, rpcMessage: 'nope' }, undefined],
    ['a timeout is not retried', { kind: 'timeout' }, undefined],
    ['a node that is down is not retried', { systemCode: 'ECONNREFUSED', kind: 'network' }, undefined],
    ['a response over the cap is not retried', { kind: 'tooLarge' }, undefined],
  ])('%s', (_name, fields, expected) => {
    expect(retryDelay(facts(fields), 0, policy, noJitter)).toBe(expected);
  });

  it('doubles the backoff each retry, with at most 25 % jitter, and stops after the last', () => {
    const failure = facts({ status: 502 });
    expect([0, 1, 2].map((attempt) => retryDelay(failure, attempt, policy, noJitter))).toEqual([100, 200, 400]);
    expect(retryDelay(failure, 2, policy, () => 0.999)).toBe(500);
    expect(retryDelay(failure, 3, policy, noJitter)).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(requestedDelayMs(facts({ retryAfter: '7' }), now)).toBe(7000);
    expect(requestedDelayMs(facts({ retryAfter: 'Wed, 01 Jan 2025 00:00:05 GMT' }), now)).toBe(5000);
    expect(requestedDelayMs(facts({ retryAfter: 'soon' }), now)).toBeUndefined();
  });
});
