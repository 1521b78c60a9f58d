import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHttpAgent } from './createHttpAgent';
import { createHttpClient } from './createHttpClient';
import { answerAll, answerError, startFakeRpcServer, type FakeReply, type FakeRpcServer } from './testing/fakeRpcServer';
import { withRetries } from './withRetries';

// Retries through a real viem client against a stand-in that answers like the hosted service.
const agent = createHttpAgent({ timeoutMs: 5000 });
let server: FakeRpcServer | undefined;
afterAll(() => agent.close());
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** One call through withRetries; `waits` are the delays it chose before each retry (its `onRetry`). */
async function callWith(
  replies: (body: unknown, index: number) => FakeReply,
  options: { maxDelayMs?: number; onRetry?: (controller: AbortController) => void } = {},
) {
  server = await startFakeRpcServer(replies);
  const client = createHttpClient(`${server.origin}/v3/key`, { fetch: agent.fetch, timeoutMs: 5000, maxResponseBytes: 1024 * 1024 });
  const policy = { retries: 3, baseDelayMs: 50, maxDelayMs: options.maxDelayMs ?? 5000 };
  const controller = new AbortController();
  const waits: number[] = [];
  const onRetry = ({ delayMs }: { delayMs: number }) => {
    waits.push(delayMs);
    options.onRetry?.(controller);
  };
  const outcome = await withRetries(() => client.request({ method: 'eth_chainId', params: [] } as never, { retryCount: 0 }), { policy, signal: controller.signal, onRetry }).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return { outcome, requests: server.requests.length, waits };
}
const rateLimited = (body: unknown, backoff: number): FakeReply => ({
  status: 429,
  headers: { 'retry-after': String(backoff + 5) },
  body: answerError(body, { code: -32005, message: 'project ID request rate exceeded', data: { current_rps: 12, allowed_rps: 10, backoff_seconds: backoff } }),
});
const ok = (body: unknown): FakeReply => ({ body: answerAll(body, () => '0x1') });

describe('withRetries over viem', () => {
  it('waits the backoff_seconds a 429 asks for, then succeeds', async () => {
    const result = await callWith((body, index) => (index === 0 ? rateLimited(body, 1) : ok(body)));
    expect(result.outcome).toEqual({ value: '0x1' });
    expect(result.requests).toBe(2);
    expect(result.waits).toEqual([1000]); // backoff_seconds (1), not Retry-After (6)
  });

  it('honours Retry-After when the body has no backoff_seconds', async () => {
    const result = await callWith((body, index) => (index === 0 ? { status: 503, headers: { 'retry-after': '1' }, body: 'busy' } : ok(body)));
    expect(result.outcome).toEqual({ value: '0x1' });
    expect(result.waits).toEqual([1000]);
  });

  it('gives up after the last retry and throws the last error', async () => {
    const result = await callWith(() => ({ status: 502, body: 'bad gateway' }));
    expect(result.requests).toBe(4);
    expect(result.waits).toHaveLength(3);
    expect(result.outcome).toMatchObject({ error: { name: 'HttpRequestError', status: 502 } });
  });

  it('does not wait longer than the policy allows: the error goes to the person', async () => {
    const result = await callWith((body) => rateLimited(body, 120), { maxDelayMs: 2000 });
    expect(result.requests).toBe(1);
    expect(result.waits).toEqual([]);
    expect(result.outcome).toMatchObject({ error: { name: 'LimitExceededRpcError' } });
  });

  it.each<[string, (body: unknown) => FakeReply]>([
    ['401', () => ({ status: 401, body: 'invalid project id\n' })],
    ['403 -32002', (body) => ({ status: 403, body: answerError(body, { code: -32002, message: 'rejected due to project ID settings' }) })],
    ['a log limit', (body) => ({ body: answerError(body, { code: -32005, message: 'query returned more than 10000 results' }) })],
    ['a revert', (body) => ({ body: answerError(body, { code: 3, message: 'execution reverted', data: '0x' }) })],
  ])('does not retry %s', async (_name, reply) => {
    const result = await callWith(reply);
    expect(result.requests).toBe(1);
    expect(result.waits).toEqual([]);
    expect(result.outcome).toHaveProperty('error');
  });

  it('stops waiting as soon as the caller aborts', async () => {
    // A ten-minute backoff, aborted as its wait begins: only the abort can end the call within the test's time.
    const reason = new Error('the person cancelled');
    const result = await callWith((body) => rateLimited(body, 600), { maxDelayMs: 3_600_000, onRetry: (controller) => controller.abort(reason) });
    expect(result.requests).toBe(1);
    expect(result.waits).toEqual([600_000]);
    expect(result.outcome).toEqual({ error: reason });
  });
});
