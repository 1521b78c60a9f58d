import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogRunProgress } from '../../../src-shared/logs/types';
import { thrownToApiError } from '../errors/thrownToApiError';
import { createRpcService } from '../rpc/createRpcService';
import { NodeError } from '../rpc/nodeError';
import { answerError, startFakeRpcServer, type FakeRpcServer } from '../rpc/testing/fakeRpcServer';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sleep } from '../rpc/sleep';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { RATE_LIMIT_ATTEMPTS, runLogQuery, type RunLogQueryOptions } from './runLogQuery';
import type { RawNodeLog } from './rawNodeLog';

const sandbox = sharedSandbox();
const { logStorm } = sandbox.manifest;
const filter = { address: sandbox.manifest.contracts.logStorm };
const hex = (n: number) => `0x${n.toString(16)}`;
const nameOf = (error: unknown) => thrownToApiError(error, (text) => text).name;
const servers: { close(): Promise<void> }[] = [];
const services: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(services.map((service) => service.close()));
  await Promise.all(servers.map((server) => server.close()));
});

/** `eth_getLogs` through the rpc service to a network at `rpcUrl` (the gateway, or a stand-in in front of it). */
function gatewayRequest(rpcUrl = sandbox.info.rpcUrl, retries = 3, timeoutMs?: number): RunLogQueryOptions['request'] {
  const rpc = createRpcService({
    resolve: async () => sandboxNetwork({ ...sandbox.info, rpcUrl }, sandbox.info.key),
    retryPolicy: { retries, baseDelayMs: 10, maxDelayMs: 30_000 },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  services.push(rpc);
  return (params, signal) => rpc.request('local', 'eth_getLogs', params, { signal });
}

/** A run that records what it delivers. */
async function run(options: Partial<RunLogQueryOptions> & Pick<RunLogQueryOptions, 'request'>) {
  const logs: RawNodeLog[] = [];
  const seen: LogRunProgress[] = [];
  const controller = new AbortController();
  const result = await runLogQuery({
    filter,
    from: logStorm.fromBlock,
    to: logStorm.toBlock,
    signal: controller.signal,
    onLogs: (batch, progress) => {
      logs.push(...batch);
      seen.push(progress);
    },
    onProgress: (progress) => seen.push(progress),
    ...options,
  });
  return { logs, seen, result };
}

/** The storm's logs in [from, to], asked of Anvil itself in one request: no limits, the truth to compare with. */
async function anvilStormLogs(from = logStorm.fromBlock, to = logStorm.toBlock): Promise<RawNodeLog[]> {
  const body = { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ ...filter, fromBlock: hex(from), toBlock: hex(to) }] };
  const response = await fetch(sandbox.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await response.json()) as { result: RawNodeLog[] }).result;
}
const identity = (log: RawNodeLog) => `${log.blockNumber}/${log.logIndex}/${log.transactionHash}`;

describe('runLogQuery through the sandbox gateway', () => {
  it('asks a narrow first piece alone, then the rest several at a time, and still returns every log', async () => {
    const request = gatewayRequest();
    let inFlight = 0;
    const asked: { from: number; to: number; alongside: number }[] = [];
    const counted: RunLogQueryOptions['request'] = async (params, signal) => {
      const { fromBlock, toBlock } = params[0] as { fromBlock: string; toBlock: string };
      asked.push({ from: Number(fromBlock), to: Number(toBlock), alongside: inFlight });
      inFlight += 1;
      try {
        return await request(params, signal);
      } finally {
        inFlight -= 1;
      }
    };
    const { logs } = await run({ request: counted, firstBlocks: 1, maxBlocks: 4, concurrency: 3 });
    expect(asked[0]).toEqual({ from: logStorm.fromBlock, to: logStorm.fromBlock, alongside: 0 });
    expect(asked[1]!.alongside).toBe(0); // nothing else was asked until the first piece was answered
    expect(Math.max(...asked.map((piece) => piece.alongside))).toBeGreaterThan(0);
    expect(logs.map(identity)).toEqual((await anvilStormLogs()).map(identity));
  });

  it('reads the log storm that the service refuses whole, log for log as Anvil holds it, in chain order', async () => {
    const request = gatewayRequest();
    const answers: { params: unknown; outcome: string }[] = [];
    const recorded: RunLogQueryOptions['request'] = (params, signal) =>
      request(params, signal).then(
        (result) => (answers.push({ params, outcome: 'ok' }), result),
        (error: unknown) => (answers.push({ params, outcome: nameOf(error) }), Promise.reject(error)),
      );
    const { logs, seen, result } = await run({ request: recorded });
    // The run's first request is the whole storm in one piece, and the gateway really refused it.
    expect(answers[0]).toEqual({ params: [{ ...filter, fromBlock: hex(logStorm.fromBlock), toBlock: hex(logStorm.toBlock) }], outcome: 'LogLimitExceededError' });
    const truth = await anvilStormLogs();
    expect(truth).toHaveLength(logStorm.totalLogs);
    expect(logs).toHaveLength(truth.length);
    expect(logs.map(identity)).toEqual(truth.map(identity));
    expect(result).toMatchObject({ from: hex(logStorm.fromBlock), to: hex(logStorm.toBlock), blocksCovered: 50, blocksTotal: 50, logs: logStorm.totalLogs, retries: 0, etaMs: 0 });
    expect(result.splits).toBeGreaterThan(0);
    expect(result.requests).toBeGreaterThan(result.splits);
    for (const [before, after] of seen.slice(1).map((p, i) => [seen[i]!, p] as const)) {
      expect(after.blocksCovered).toBeGreaterThanOrEqual(before.blocksCovered);
      expect(after.logs).toBeGreaterThanOrEqual(before.logs);
    }
    expect(seen.at(-1)).toEqual(result);
  });

  it('asks for one block by hash when the query names one', async () => {
    const number = logStorm.toBlock;
    const block = await fetch(sandbox.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [hex(number), false] }) });
    const { hash } = ((await block.json()) as { result: { hash: string } }).result;
    const sent: unknown[] = [];
    const request = gatewayRequest();
    const { logs, result } = await run({ request: (params, signal) => (sent.push(...params), request(params, signal)), filter: { ...filter, blockHash: hash }, blockHash: hash, from: number, to: number });
    expect(sent).toEqual([{ ...filter, blockHash: hash }]);
    expect(logs.map(identity)).toEqual((await anvilStormLogs(number, number)).map(identity));
    expect(result).toMatchObject({ blocksCovered: 1, blocksTotal: 1, requests: 1 });
  });

  it('ends on an error splitting cannot cure, and cancels the requests still in flight', async () => {
    const cancelled: string[] = [];
    const asked = new Set<string>();
    let othersAsked!: () => void;
    const bothAsked = new Promise<void>((resolve) => (othersAsked = resolve));
    // In-process stand-in: the gateway cannot be made to fail one piece while others hang. Block 1 fails once the
    // pieces beside it (blocks 0 and 2) are in flight.
    const request: RunLogQueryOptions['request'] = ([params], signal) => {
      const { fromBlock } = params as { fromBlock: string };
      asked.add(fromBlock);
      if (asked.has('0x0') && asked.has('0x2')) othersAsked();
      if (fromBlock === '0x1') return bothAsked.then(() => Promise.reject(new NodeError('methodNotFound', 'MethodNotFoundError', 'The node does not offer eth_getLogs.', { kind: 'unsupported' })));
      return new Promise((_, reject) => signal.addEventListener('abort', () => (cancelled.push(fromBlock), reject(signal.reason)), { once: true }));
    };
    const error = await run({ request, from: 0, to: 5, maxBlocks: 1 }).catch((failure: unknown) => failure);
    expect(nameOf(error)).toBe('MethodNotFoundError');
    expect(cancelled.sort()).toEqual(['0x0', '0x2']);
  });

  it('stops at once when cancelled: the run rejects with AbortError and delivers nothing more', async () => {
    const controller = new AbortController();
    const request = gatewayRequest();
    let calls = 0;
    let inFlight = 0;
    const outcome = runLogQuery({
      // Counted, so the test knows when every request the run made has settled: only those could deliver more.
      request: (params, signal) => {
        inFlight += 1;
        return request(params, signal).finally(() => (inFlight -= 1));
      },
      filter,
      from: logStorm.fromBlock,
      to: logStorm.toBlock,
      maxBlocks: 2, // small pieces: the first logs come soon, with more pieces in flight and waiting
      signal: controller.signal,
      onLogs: () => {
        calls += 1;
        if (calls === 1) controller.abort();
      },
      onProgress: () => {},
    }).catch((error: unknown) => error);
    const error = await outcome;
    expect(nameOf(error)).toBe('AbortError');
    await expect.poll(() => inFlight).toBe(0);
    await new Promise((resolve) => setImmediate(resolve)); // what a settled request would have scheduled
    expect(calls).toBe(1);
  });

  it('cancels the request in flight: the abort reaches the socket', async () => {
    const hanging = await startFakeRpcServer(() => ({ hang: true }));
    servers.push(hanging);
    // No timeout of its own to speak of: only the abort can settle the request within the test's time.
    const request = gatewayRequest(`${hanging.origin}/local/v3/${sandbox.info.key}`, 3, 3_600_000);
    const settled: string[] = [];
    const controller = new AbortController();
    const running = runLogQuery({
      request: (params, signal) => request(params, signal).catch((failure: unknown) => (settled.push(nameOf(failure)), Promise.reject(failure))),
      filter,
      from: 0,
      to: 100,
      signal: controller.signal,
      onLogs: () => {},
      onProgress: () => {},
    }).catch((failure: unknown) => failure);
    // Cancelled once the node has the request and does not answer it.
    await expect.poll(() => hanging.requests.length).toBeGreaterThan(0);
    controller.abort();
    expect(nameOf(await running)).toBe('AbortError');
    await expect.poll(() => settled, { timeout: 10_000 }).toEqual(['AbortError']);
  });
});

/** A stand-in for the service in front of the gateway: answers 429 when `limited(n)` says so, else forwards. */
async function rateLimitingProxy(limited: (n: number) => boolean, backoffSeconds: number) {
  let count = 0;
  let inFlight = 0;
  const stats = { requests: 0, limited: 0, mostInFlightAfterLimit: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(text) as unknown;
      const items = Array.isArray(body) ? body.length : 1;
      stats.requests += items;
      if (limited(count++)) {
        stats.limited += items;
        const error = { code: -32005, message: 'project ID request rate exceeded', data: { current_rps: 12, allowed_rps: 10, backoff_seconds: backoffSeconds } };
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(Math.ceil(backoffSeconds)) }).end(JSON.stringify(answerError(body, error)));
        return;
      }
      inFlight += items;
      if (stats.limited > 0) stats.mostInFlightAfterLimit = Math.max(stats.mostInFlightAfterLimit, inFlight);
      void fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
        .then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => res.destroy())
        .finally(() => (inFlight -= items));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy: Pick<FakeRpcServer, 'close'> = { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  servers.push(proxy);
  return { rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/local/v3/${sandbox.info.key}`, stats };
}

describe('runLogQuery when the service rate-limits', () => {
  // The rpc service's own retries are off here (retries: 0), so every 429 reaches the run.
  it('waits the backoff the service asks, then goes on one request at a time, and still reads every log', async () => {
    const proxy = await rateLimitingProxy((n) => n < 2, 0.2);
    const waits: number[] = [];
    // The storm's last ten blocks: over the result limit, so the run also splits while limited.
    const from = logStorm.toBlock - 9;
    const { logs, result } = await run({ request: gatewayRequest(proxy.rpcUrl, 0), from, sleep: (ms, signal) => (waits.push(ms), sleep(ms, signal)) });
    expect(waits, 'the backoff_seconds of each 429').toEqual([200, 200]);
    expect(logs.map(identity)).toEqual((await anvilStormLogs(from)).map(identity));
    expect(result.splits).toBe(1);
    expect(result.retries).toBe(2);
    expect(result.requests).toBe(proxy.stats.requests);
    expect(proxy.stats.mostInFlightAfterLimit).toBe(1);
  });

  it(`gives up with the service's RateLimitedError after ${RATE_LIMIT_ATTEMPTS} refusals of one piece in a row`, async () => {
    const proxy = await rateLimitingProxy(() => true, 0.01);
    const error = await run({ request: gatewayRequest(proxy.rpcUrl, 0) }).catch((failure: unknown) => failure);
    expect(nameOf(error)).toBe('RateLimitedError');
    expect(proxy.stats.limited).toBe(RATE_LIMIT_ATTEMPTS);
  });
});

describe('runLogQuery when one block alone is refused', () => {
  it.each([
    ['too many results', { code: -32005, message: 'query returned more than 10000 results. Try with this block range [0x5, 0x5].', data: { from: '0x5', to: '0x5', limit: 10_000 } }],
    ['a timeout', { code: -32005, message: 'query timeout exceeded' }],
  ])('ends with LogRangeNotNarrowableError naming the block (%s)', async (_kind, refusal) => {
    const service = await startFakeRpcServer((body) => ({ body: answerError(body, refusal) }));
    servers.push(service);
    const error = await run({ request: gatewayRequest(`${service.origin}/local/v3/${sandbox.info.key}`), from: 5, to: 9, concurrency: 1 }).catch((failure: unknown) => failure);
    const plain = thrownToApiError(error, (text) => text);
    expect(plain.name).toBe('LogRangeNotNarrowableError');
    expect(plain.shortMessage).toMatch(/^Block 5 alone /);
    expect(plain.data).toMatchObject({ block: 5 });
  });
});

/**
 * A stand-in for a Local sandbox that dropped blocks [gapFrom, gapTo] (src-sandbox/liveNode.ts): a log query reaching
 * into them is refused as the sandbox's gateway refuses it (4444, with the blocks it keeps); any other is forwarded.
 */
async function droppingProxy(gapFrom: number, gapTo: number) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(text) as { params?: [{ fromBlock?: string; toBlock?: string }] };
      const range = body.params?.[0];
      const [from, to] = [Number(range?.fromBlock), Number(range?.toBlock)];
      if (from <= gapTo && to >= gapFrom) {
        const error = { code: 4444, message: 'pruned history unavailable', data: { kept: [{ fromBlock: '0x0', toBlock: hex(gapFrom - 1) }, { fromBlock: hex(gapTo + 1), toBlock: 'latest' }] } };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answerError(body, error)));
        return;
      }
      void fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })
        .then(async (answer) => res.writeHead(answer.status, { 'content-type': 'application/json' }).end(Buffer.from(await answer.arrayBuffer())))
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/local/v3/${sandbox.info.key}`;
}

describe('runLogQuery on a node that dropped some blocks', () => {
  it('passes over the blocks the node no longer keeps, says which, and reads every log of the others', async () => {
    const gapFrom = logStorm.fromBlock + 2;
    const gapTo = logStorm.fromBlock + 4;
    const request = gatewayRequest(await droppingProxy(gapFrom, gapTo), 0);
    // Unless asked to, the run ends with the node's refusal (a tally of balances would be wrong without those blocks).
    await expect(run({ request })).rejects.toMatchObject({ failure: 'historyPruned' });
    const { logs, result, seen } = await run({ request, passOverDropped: true });
    const expected = (await anvilStormLogs()).filter((log) => Number(log.blockNumber) < gapFrom || Number(log.blockNumber) > gapTo);
    expect(logs.map(identity)).toEqual(expected.map(identity));
    expect(result.dropped).toEqual([{ from: hex(gapFrom), to: hex(gapTo) }]);
    expect(result.blocksCovered).toBe(result.blocksTotal);
    expect(seen.at(-1)?.dropped).toEqual(result.dropped);
  });
});
