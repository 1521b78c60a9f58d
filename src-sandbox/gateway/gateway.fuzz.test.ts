/**
 * Property-based fuzzing of the gateway over real HTTP and WebSocket: whatever arrives, every
 * answer is well formed and the gateway keeps serving.
 */
import http from 'node:http';
import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, TEST_KEY, TestChain, type TestGateway } from './testing/testSupport';

let chain: TestChain;
let gw: TestGateway;
const MAX_BODY = 256 * 1024;

beforeAll(async () => {
  chain = await TestChain.start();
  gw = await startTestGateway(chain, { maxBodyBytes: MAX_BODY, maxBatchItems: 50, rateLimit: { requestsPerSecond: 1e6, burst: 1e6 } });
});

afterAll(async () => {
  await gw?.close();
  await chain?.stop();
});

// ---- what a well-formed answer looks like (written independently of the gateway's own code) ----

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isResponse(value: unknown): value is { id: unknown; result?: unknown; error?: unknown } {
  if (!isObject(value) || value.jsonrpc !== '2.0' || !('id' in value)) return false;
  const { id } = value;
  if (!(id === null || typeof id === 'string' || typeof id === 'number')) return false;
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult === hasError) return false;
  if (hasError) {
    const { error } = value;
    return isObject(error) && Number.isInteger(error.code) && typeof error.message === 'string';
  }
  return true;
}

/** A well-formed notification: the only kind of item that gets no answer. */
function isNotification(item: unknown): boolean {
  return isObject(item) && !('id' in item) && item.jsonrpc === '2.0' && typeof item.method === 'string' && item.method !== '' &&
    (item.params === undefined || Array.isArray(item.params) || isObject(item.params)) && depth(item.params) <= 64;
}

function depth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, d] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    max = Math.max(max, d);
    for (const child of Object.values(node)) stack.push([child, d + 1]);
  }
  return max;
}

const validIdOf = (item: unknown) => (isObject(item) && 'id' in item && (typeof item.id === 'string' || typeof item.id === 'number' || item.id === null) ? item.id : null);

/** Checks an HTTP answer against the body that was sent. */
function checkAnswer(body: string, status: number, text: string): void {
  const size = Buffer.byteLength(body);
  if (size > MAX_BODY) {
    expect(status).toBe(413);
    return;
  }
  let request: unknown;
  let parsedOk = true;
  try {
    request = JSON.parse(body);
  } catch {
    parsedOk = false;
  }
  if (status === 204) {
    expect(text).toBe('');
    const items = Array.isArray(request) ? request : [request];
    expect(items.length > 0 && items.length <= 50 && items.every(isNotification)).toBe(true);
    return;
  }
  expect(status).toBe(200);
  const answer: unknown = JSON.parse(text);
  if (!parsedOk || !Array.isArray(request) || request.length === 0 || request.length > 50) {
    expect(isResponse(answer)).toBe(true);
    if (parsedOk && isObject(request) && isResponse(answer) && answer.id !== null) expect(answer.id).toEqual(validIdOf(request));
    return;
  }
  expect(Array.isArray(answer)).toBe(true);
  const answered = request.filter((item) => !isNotification(item));
  const responses = answer as unknown[];
  expect(responses).toHaveLength(answered.length);
  responses.forEach((response, i) => {
    expect(isResponse(response)).toBe(true);
    const id = (response as { id: unknown }).id;
    if (id !== null) expect(id).toEqual(validIdOf(answered[i])); // in order, matching ids
  });
}

// ---- generators ----

const METHODS = ['eth_blockNumber', 'eth_chainId', 'eth_getBalance', 'eth_call', 'eth_estimateGas', 'eth_getLogs', 'eth_getBlockByNumber', 'eth_accounts', 'eth_subscribe', 'net_version', 'web3_sha3', 'anvil_mine', 'evm_revert', 'debug_traceCall', 'eth_sendTransaction', 'eth_sign'];

const idArb = fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double({ noNaN: true }), fc.constant({}), fc.constant([1]), fc.boolean());
const paramsArb = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }),
  fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
  fc.constant([{ fromBlock: '0x0', toBlock: 'latest' }]),
  fc.constant([{ to: '0x5fbdb2315678afecb367f032d93f642f64180aa3', data: '0x', gas: '0xffffffffffffff' }, 'latest']),
  fc.jsonValue({ maxDepth: 1 }),
);
const requestArb = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.constant('1.0'), fc.integer()),
    id: idArb,
    method: fc.oneof(fc.constantFrom(...METHODS), fc.string()),
    params: paramsArb,
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);
const bodyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: requestArb.map((r) => JSON.stringify(r)) },
  { weight: 3, arbitrary: fc.array(fc.oneof(requestArb, fc.jsonValue({ maxDepth: 2 })), { maxLength: 60 }).map((b) => JSON.stringify(b)) },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '[', '[]', '{}', 'null', '[[]]', '\ufeff{}', '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}}') },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 10_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)) },
  { weight: 1, arbitrary: fc.integer({ min: 60, max: 10_000 }).map((n) => `{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":${'['.repeat(n)}${']'.repeat(n)}}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 60_000 }).map((n) => `{"jsonrpc":"2.0","id":"big","method":"eth_getBalance","params":[${Array(n).fill(0).join(',')}]}`) },
  { weight: 1, arbitrary: fc.constant(`{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":["${'x'.repeat(MAX_BODY)}"]}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '['.repeat(10_000) + ']'.repeat(10_000),
      `{"jsonrpc":"2.0","id":"deep","method":"eth_call","params":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
      `[${Array.from({ length: 50 }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"eth_chainId","params":${'['.repeat(200)}${']'.repeat(200)}}`).join(',')}]`,
    ),
  },
);

function post(path: string, body: string, method = 'POST') {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    // content-length frames the body whatever the method (Node sends a GET body unframed otherwise).
    const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request({ host: '127.0.0.1', port: gw.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function stillServes(): Promise<void> {
  const res = await post(`/local/v3/${TEST_KEY}`, '{"jsonrpc":"2.0","id":"alive","method":"eth_blockNumber","params":[]}');
  expect(res.status).toBe(200);
  expect(JSON.parse(res.text)).toMatchObject({ id: 'alive', result: expect.stringMatching(/^0x/) });
}

describe('fuzzing over HTTP', () => {
  it('answers every body with a well-formed response', async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb, async (body) => {
        const { status, text } = await post(`/local/v3/${TEST_KEY}`, body);
        checkAnswer(body, status, text);
      }),
      { numRuns: 400 },
    );
    await stillServes();
  });

  it('answers concurrent bodies each with its own response', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(requestArb.map((r) => JSON.stringify(r)), { minLength: 2, maxLength: 30 }), async (bodies) => {
        const answers = await Promise.all(bodies.map((body) => post(`/local/v3/${TEST_KEY}`, body)));
        answers.forEach((answer, i) => checkAnswer(bodies[i]!, answer.status, answer.text));
      }),
      { numRuns: 40 },
    );
    await stillServes();
  });

  it('answers random paths and methods under the gateway with an expected status', async () => {
    const suffix = fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]{0,40}$/);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), suffix, fc.constantFrom('POST', 'GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'), async (withKey, rest, method) => {
        const path = withKey ? `/local/v3/${TEST_KEY}${rest}` : `/local/v3/${rest}`;
        const { status, text } = await post(path, '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', method);
        const keyIntact = withKey && (rest === '' || rest.startsWith('?'));
        const keyMissing = !withKey && (rest === '' || rest.startsWith('?'));
        if (method === 'OPTIONS') expect(status).toBe(204);
        else if (!keyIntact) {
          expect(status).toBe(401);
          if (method !== 'HEAD') expect(text).toBe(keyMissing ? 'project id required in the url\n' : 'invalid project id\n');
        } else if (method !== 'POST') expect(status).toBe(405);
        else expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
      }),
      { numRuns: 200 },
    );
    await stillServes();
  });
});

describe('fuzzing over WebSocket', () => {
  it('answers every message with well-formed responses and keeps the connection open', async () => {
    const ws = new WebSocket(gw.wsUrl);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const received: unknown[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data))));
    let closed = false;
    ws.on('close', () => (closed = true));
    const sentIds = new Set<unknown>([null, 'last']);
    const wsMessage = fc.oneof(bodyArb.filter((b) => Buffer.byteLength(b) <= MAX_BODY), requestArb.map((r) => JSON.stringify({ ...r, method: 'eth_subscribe', params: ['newHeads'] })));
    await fc.assert(
      fc.asyncProperty(wsMessage, fc.boolean(), async (message, binary) => {
        try {
          const parsed: unknown = JSON.parse(message);
          for (const item of Array.isArray(parsed) ? parsed : [parsed]) if (isObject(item) && 'id' in item) sentIds.add(item.id);
        } catch {
          // not JSON: answered with id null
        }
        ws.send(message, { binary });
      }),
      { numRuns: 300 },
    );
    // A final request, answered after everything before it has been read.
    ws.send('{"jsonrpc":"2.0","id":"last","method":"eth_blockNumber","params":[]}');
    await expect.poll(() => received.some((m) => isObject(m) && m.id === 'last'), { timeout: 10_000 }).toBe(true);
    // Answers are not in order (a slow getLogs comes after later ones), and there is no count of answers to wait
    // for (a notification gets none, an unusable id is answered as null): a window for the stragglers to land too.
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(false);
    for (const message of received) {
      const items = Array.isArray(message) ? message : [message];
      for (const item of items) {
        if (isObject(item) && item.method === 'eth_subscription') continue;
        expect(isResponse(item)).toBe(true);
        if (!sentIds.has((item as { id: unknown }).id)) throw new Error(`unexpected id in ${JSON.stringify(item)}`);
      }
    }
    expect(received.some((m) => isObject(m) && m.id === 'last' && typeof m.result === 'string')).toBe(true);
    ws.close();
    await stillServes();
  });
});
