import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import type { CallContext } from '../../../src-shared/api/types';
import type { LogRow } from '../../../src-shared/logs/types';
import { recordFault } from '../../../test-support/faultReport';
import { startFaultProxy, type FaultProxy } from '../../../test-support/faultProxy';
import { thrownToApiError } from '../errors/thrownToApiError';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../rpc/createRpcService';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import type { AppServices } from './createAppServices';
import { callContext } from './testing/appTestKit';
import { startCustomNetworkApp, type CustomNetworkApp } from './testing/customNetworkApp';

// A node behind a proxy that the test commands: rate limits with backoff_seconds, answers that come after 30 s,
// and answers that are malformed, cut short or too big. The app's services talk to the shared sandbox through
// it as a custom network (with the sandbox's key), as they would to a hosted service.

const shared = sharedSandbox();
const plain = (error: unknown): ApiError => thrownToApiError(error, (text) => text);
const outcomeOf = (promise: Promise<unknown>) => promise.then(() => undefined, plain);
const withSignal = (signal: AbortSignal): CallContext => ({ ...callContext(), signal });

describeWithKeychain('fault: a node that misbehaves, through a proxy', () => {
  let custom: CustomNetworkApp;
  let app: AppServices;
  let proxy: FaultProxy;
  let networkId: string;
  const ctx = callContext();
  /** A seeded block never read before (the explorer keeps blocks it has read): a new one for every read. */
  let nextBlock = shared.manifest.seededToBlock - 10;
  let block = String(nextBlock);

  beforeAll(async () => {
    proxy = await startFaultProxy(new URL(shared.info.rpcUrl).origin);
    custom = await startCustomNetworkApp('Proxied sandbox', { rpcUrl: `${proxy.origin}/local/v3/` });
    ({ app, networkId } = custom);
  });
  afterAll(async () => {
    await custom?.close();
    await proxy?.close();
  });

  const readBlock = (context: CallContext = ctx) => {
    block = String(nextBlock--);
    return app.handlers['explorer.block']({ networkId, block }, context);
  };
  const runLogs = async () => {
    const rows: LogRow[] = [];
    const { logStorm, contracts } = shared.manifest;
    const query = { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.denseFromBlock), toBlock: String(logStorm.denseToBlock) };
    await app.topics['logs.run']({ networkId, query }, (event) => event.kind === 'rows' && rows.push(...event.rows), new AbortController().signal, ctx);
    return rows;
  };

  describe('429 with backoff_seconds', () => {
    it('a log query and a block page wait as told and finish', { timeout: 120_000 }, async () => {
      proxy.behave(() => ({ kind: 'forward' }));
      const clean = await runLogs();
      expect(clean.length).toBe(shared.manifest.logStorm.denseLogs);

      const BACKOFF = 2;
      const limited = (first: number, index: number): ReturnType<Parameters<FaultProxy['behave']>[0]> =>
        index >= first && index < first + 3
          ? { kind: 'answer', status: 429, headers: { 'retry-after': String(BACKOFF) }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'project ID request rate exceeded', data: { see: 'https://infura.io/dashboard', current_rps: 13.333, allowed_rps: 10.0, backoff_seconds: BACKOFF } } }) }
          : { kind: 'forward' };
      // What the app waits before each retry is in its log: the backoff_seconds the service asked for.
      const waitsSince = (from: number) => custom.lines.slice(from).flatMap((line) => / retry \d+ in (\d+) ms after: /.exec(line)?.[1] ?? []).map(Number);
      let first = proxy.requests();
      let said = custom.lines.length;
      proxy.behave((index) => limited(first, index));
      let started = Date.now();
      const rows = await runLogs();
      const logsMs = Date.now() - started;
      expect(rows.map((row) => `${row.blockNumber}:${row.logIndex}`)).toEqual(clean.map((row) => `${row.blockNumber}:${row.logIndex}`));
      expect(waitsSince(said), 'the query waited the backoff of each 429').toEqual([BACKOFF * 1000, BACKOFF * 1000, BACKOFF * 1000]);
      recordFault({ fault: `429, backoff_seconds ${BACKOFF} (3 answers)`, work: `log query, ${rows.length.toLocaleString('en-US')} logs`, outcome: `waited, then every row, as a clean run (${(logsMs / 1000).toFixed(1)} s in all)`, recoveryMs: logsMs - BACKOFF * 1000 });

      first = proxy.requests();
      said = custom.lines.length;
      proxy.behave((index) => limited(first, index));
      started = Date.now();
      const view = await readBlock();
      const blockMs = Date.now() - started;
      expect(Number(view.block.number)).toBe(Number(block));
      expect(waitsSince(said), 'the block page waited the backoff of each 429').toEqual([BACKOFF * 1000, BACKOFF * 1000, BACKOFF * 1000]);
      recordFault({ fault: `429, backoff_seconds ${BACKOFF} (3 answers)`, work: 'block page', outcome: `waited, then the block (${(blockMs / 1000).toFixed(1)} s in all)`, recoveryMs: blockMs - BACKOFF * 1000 });
    });
  });

  describe('a node that answers after 30 s', () => {
    it('the timeout fires with its own message, Cancel ends the wait at once, and nothing stays busy', { timeout: 180_000 }, async () => {
      proxy.behave(() => ({ kind: 'late', ms: 31_000 }));
      let started = Date.now();
      const timedOut = await outcomeOf(readBlock());
      const timeoutMs = Date.now() - started;
      // The node would answer after 31 s: an error naming the app's 15 s is its own timeout firing.
      expect(timedOut?.name).toBe('TimeoutError');
      expect(timedOut?.shortMessage).toMatch(/did not answer within 15 s/);
      recordFault({ fault: 'node answers after 31 s', work: 'block page', outcome: `${timedOut!.name} after ${(timeoutMs / 1000).toFixed(1)} s: "${timedOut!.shortMessage}"`, recoveryMs: null });

      // Cancel once the node has the request. Left alone, the read would end only when its 15 s timeout fires; the
      // wait for it to end after Cancel gives up well before that.
      const controller = new AbortController();
      const asked = proxy.requests();
      let cancelled: ApiError | undefined;
      let ended = false;
      const reading = outcomeOf(readBlock(withSignal(controller.signal))).then((outcome) => {
        cancelled = outcome;
        ended = true;
      });
      await expect.poll(() => proxy.requests(), { timeout: 10_000 }).toBeGreaterThan(asked);
      const cancelledAt = Date.now();
      controller.abort();
      await expect.poll(() => ended, { timeout: 5_000 }).toBe(true);
      const cancelMs = Date.now() - cancelledAt;
      await reading;
      expect(cancelled?.name).toBe('AbortError');

      // Nothing stays busy: the proxy's connections for the abandoned requests are closed, and the next read,
      // once the node answers again, is as quick as ever.
      await expect.poll(() => proxy.openConnections(), { timeout: 10_000 }).toBeLessThanOrEqual(1);
      proxy.behave(() => ({ kind: 'forward' }));
      started = Date.now();
      expect(Number((await readBlock()).block.number)).toBe(Number(block));
      const nextMs = Date.now() - started;
      recordFault({ fault: 'node answers after 31 s', work: 'block page, Cancel once the node has it', outcome: `AbortError ${cancelMs} ms after Cancel; connections closed; the next read took ${nextMs} ms`, recoveryMs: nextMs });
    });
  });

  describe('malformed, truncated and oversized answers', () => {
    const cases: [string, Parameters<FaultProxy['behave']>[0], RegExp][] = [
      ['an HTML error page (200)', () => ({ kind: 'answer', status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }), /InvalidAnswerError|HttpError/],
      ['JSON cut in half', () => ({ kind: 'mangle', mangle: (body) => body.subarray(0, Math.floor(body.length / 2)) }), /InvalidAnswerError/],
      ['bytes flipped at random', () => ({ kind: 'mangle', mangle: (body) => Buffer.from(body.map((byte, index) => (index % 7 === 3 ? byte ^ 0x5a : byte))) }), /InvalidAnswerError|RpcError|InvalidParamsError/],
      ['a JSON-RPC answer with the wrong shape', () => ({ kind: 'answer', status: 200, body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { number: 'soon', hash: 42 } }) }), /InvalidAnswerError/],
      ['a body cut off by the connection', () => ({ kind: 'truncate', bytes: 40 }), /NetworkError|InvalidAnswerError|SocketClosedError/],
      [`an answer over the ${DEFAULT_MAX_RESPONSE_BYTES / 2 ** 20} MiB cap`, () => ({ kind: 'answer', status: 200, body: `{"jsonrpc":"2.0","id":1,"result":"0x${'0'.repeat(DEFAULT_MAX_RESPONSE_BYTES)}"}` }), /ResponseTooLargeError/],
    ];

    it.each(cases)('%s: a specific error, no crash, and the next read works', { timeout: 60_000 }, async (what, decide, name) => {
      proxy.behave(decide);
      const started = Date.now();
      const failed = await outcomeOf(readBlock());
      const failedMs = Date.now() - started;
      expect(failed, `${what} was taken as an answer`).toBeDefined();
      expect(failed!.name).toMatch(name);
      expect(failed!.shortMessage.length).toBeGreaterThan(10);
      expect(failed!.shortMessage).not.toMatch(/undefined|\[object Object\]|Internal error|^Error$/);
      proxy.behave(() => ({ kind: 'forward' }));
      const back = Date.now();
      expect(Number((await readBlock()).block.number)).toBe(Number(block));
      recordFault({ fault: `corrupting proxy: ${what}`, work: 'block page', outcome: `${failed!.name} in ${(failedMs / 1000).toFixed(1)} s: "${failed!.shortMessage.slice(0, 90)}"`, recoveryMs: Date.now() - back });
    });
  });
});
