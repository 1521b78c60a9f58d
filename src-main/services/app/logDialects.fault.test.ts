import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import type { LogQuery } from '../../../src-shared/logs/types';
import { recordFault } from '../../../test-support/faultReport';
import { startFaultProxy, type FaultAction, type FaultProxy } from '../../../test-support/faultProxy';
import { thrownToApiError } from '../errors/thrownToApiError';
import { LOG_LIMIT_NODES, type LogLimitNode, type LogRange, type NodeLimits } from '../logs/testing/logLimitNodes';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { callContext } from './testing/appTestKit';
import { startCustomNetworkApp, type CustomNetworkApp } from './testing/customNetworkApp';

// Every provider's log limits, on the real sandbox: one app, and for each dialect of reference/NODE-DIALECTS.md a
// network whose address is a proxy in front of the sandbox. The proxy answers an eth_getLogs over that dialect's
// limits with its refusal (HTTP status and JSON-RPC body as the provider sends them) and forwards the rest, and
// the logs service's real run over the LogStorm range must still bring all 60,000 logs, as Anvil holds them.

const shared = sharedSandbox();
const { logStorm, contracts } = shared.manifest;
const LOGS_PER_BLOCK = logStorm.totalLogs / (logStorm.toBlock - logStorm.fromBlock + 1);
/** The dialects' limits, scaled to the storm (1,200 logs a block): 4 blocks a request, 5 blocks of logs an answer, zkSync's size 2. */
const LIMITS: NodeLimits = { blocks: 4, results: 5 * LOGS_PER_BLOCK, size: 2.5 * LOGS_PER_BLOCK };
const ctx = callContext();
const plain = (error: unknown): ApiError => thrownToApiError(error, (text) => text);
const stormQuery: LogQuery = { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.fromBlock), toBlock: String(logStorm.toBlock) };

/** Logs of the storm's contract in a range (the query filters by it): 1,200 in each storm block. */
const logsIn = (from: number, to: number) => Math.max(0, Math.min(to, logStorm.toBlock) - Math.max(from, logStorm.fromBlock) + 1) * LOGS_PER_BLOCK;

/** What the proxy does with one request to a dialect's node: its refusal, or the sandbox's answer. */
function asDialect(node: LogLimitNode, refusals: LogRange[]) {
  return (_index: number, body: Buffer): FaultAction => {
    const request = JSON.parse(body.toString('utf8')) as { id?: unknown; method?: string; params?: [{ fromBlock?: string; toBlock?: string }] };
    const filter = request.params?.[0];
    if (request.method !== 'eth_getLogs' || !filter?.fromBlock?.startsWith('0x') || !filter.toBlock?.startsWith('0x')) return { kind: 'forward' };
    const range = { from: Number(filter.fromBlock), to: Number(filter.toBlock) };
    const error = node.refuse(range, logsIn, LIMITS);
    if (!error) return { kind: 'forward' };
    refusals.push(range);
    return { kind: 'answer', status: node.status, body: JSON.stringify({ jsonrpc: '2.0', id: request.id ?? null, error }) };
  };
}

/** The storm's logs straight from Anvil (no limits): what every run must bring, in this order. */
async function truth(): Promise<string> {
  const body = { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ address: contracts.logStorm, fromBlock: `0x${logStorm.fromBlock.toString(16)}`, toBlock: `0x${logStorm.toBlock.toString(16)}` }] };
  const answer = await fetch(shared.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return ((await answer.json()) as { result: { blockNumber: string; logIndex: string }[] }).result.map((log) => `${Number(log.blockNumber)}:${Number(log.logIndex)}`).join(' ');
}

describeWithKeychain("fault: every provider's log limits, through a proxy in front of the sandbox", () => {
  let custom: CustomNetworkApp;
  let expected: string;
  const dialects: { node: LogLimitNode; proxy: FaultProxy; networkId: string; refusals: LogRange[] }[] = [];

  beforeAll(async () => {
    expected = await truth();
    for (const node of LOG_LIMIT_NODES) {
      const proxy = await startFaultProxy(new URL(shared.info.rpcUrl).origin);
      const refusals: LogRange[] = [];
      proxy.behave(asDialect(node, refusals));
      const urls = { rpcUrl: `${proxy.origin}/local/v3/` };
      let networkId: string;
      if (!custom) {
        custom = await startCustomNetworkApp(node.who, urls);
        networkId = custom.networkId;
      } else {
        networkId = (await custom.app.handlers['networks.add']({ name: node.who, family: 'evm', chainId: 31337, wsUrl: null, gasUrl: null, storageUrl: null, ...urls }, ctx)).id;
        await custom.app.handlers['credentials.set']({ networkId, apiKey: shared.info.key }, ctx);
      }
      dialects.push({ node, proxy, networkId, refusals });
    }
  }, 120_000);
  afterAll(async () => {
    for (const { networkId } of dialects.slice(1)) await custom?.app.handlers['networks.delete']({ networkId }, ctx).catch(() => {});
    await custom?.close();
    for (const { proxy } of dialects) await proxy.close();
  });

  /** The logs service's run over `query` on a dialect's network: the rows as `block:index`, the last progress, or the error. */
  const run = async (networkId: string, query: LogQuery) => {
    const rows: string[] = [];
    let requests = 0;
    const started = Date.now();
    const error = await custom.app.topics['logs.run'](
      { networkId, query },
      (event) => {
        if (event.kind === 'rows') for (const row of event.rows) rows.push(`${Number(row.blockNumber)}:${Number(row.logIndex)}`);
        requests = event.progress.requests;
      },
      new AbortController().signal,
      ctx,
    ).then(() => undefined, plain);
    return { rows, requests, error, ms: Date.now() - started };
  };

  it('brings all 60,000 logs of the LogStorm, in chain order, from a node of each dialect that refuses over its limits', { timeout: 600_000 }, async () => {
    for (const { node, networkId, refusals } of dialects.filter((dialect) => dialect.node.outcome === 'every log')) {
      const { rows, requests, error, ms } = await run(networkId, stormQuery);
      expect(error, `${node.who}: ${error?.shortMessage}`).toBeUndefined();
      expect(refusals.length, `${node.who} refused no request: its limits were not met`).toBeGreaterThan(0);
      expect(rows.length, node.who).toBe(logStorm.totalLogs);
      expect(rows.join(' ') === expected, `${node.who}: the rows differ from Anvil's logs`).toBe(true);
      recordFault({ fault: `log limits: ${node.who} (HTTP ${node.status})`, work: `log query, ${rows.length.toLocaleString('en-US')} logs`, outcome: `every log, ${requests} requests, ${refusals.length} refused (${(ms / 1000).toFixed(1)} s)`, recoveryMs: null });
    }
  });

  it('remembers a limit the node stated: the next query on that network asks only pieces that fit, and the pre-flight says so', { timeout: 120_000 }, async () => {
    const stating = dialects.filter((dialect) => dialect.node.states === 'limit');
    expect(stating.length).toBeGreaterThan(0);
    for (const { node, networkId, refusals } of stating) {
      const before = refusals.length;
      // The 40 blocks before the storm: no storm logs, ten pieces of the remembered 4 blocks, none refused.
      const quiet = { ...stormQuery, fromBlock: String(logStorm.fromBlock - 40), toBlock: String(logStorm.fromBlock - 1) };
      const { rows, requests, error } = await run(networkId, quiet);
      expect(error, node.who).toBeUndefined();
      expect(rows, node.who).toEqual([]);
      expect(refusals.length - before, `${node.who}: a piece wider than its stated limit was asked`).toBe(0);
      expect(requests, node.who).toBe(10);
    }
    const preflight = await custom.app.handlers['logs.preflight']({ networkId: stating[0]!.networkId, query: stormQuery }, ctx);
    expect(preflight.span.limit).toBe(LIMITS.blocks);
    expect(preflight.warnings.find((warning) => warning.kind === 'span')?.message).toMatch(/this network's node answers at most 4 per request \(it said so during an earlier query\)/);
  });

  it('says so when the endpoint refuses eth_getLogs even for one block (public BNB Chain endpoints)', { timeout: 120_000 }, async () => {
    for (const { node, networkId } of dialects.filter((dialect) => dialect.node.outcome === 'refused')) {
      const { rows, error, requests } = await run(networkId, stormQuery);
      expect(rows).toEqual([]);
      expect(error?.name).toBe('LogRangeNotNarrowableError');
      expect(error?.shortMessage).toMatch(/^The node refuses eth_getLogs even for block \d+ alone, over a limit it does not name: this endpoint may not offer eth_getLogs/);
      expect(error?.details).toMatch(/another provider's address, or your own node's, in Settings → Networks/);
      recordFault({ fault: `log limits: ${node.who}`, work: 'log query over the LogStorm', outcome: `${error!.name} after ${requests} requests: "${error!.shortMessage.slice(0, 80)}…"`, recoveryMs: null });
    }
  });
});
