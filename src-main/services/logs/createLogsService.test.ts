import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { checksumAddressesIn } from '../../../src-shared/chain/checksumAddresses';
import type { LogRow, LogRunEvent, LogTailEvent } from '../../../src-shared/logs/types';
import { createDecodingService } from '../decoding/createDecodingService';
import { createContentReader } from '../decoding/readContent';
import { thrownToApiError } from '../errors/thrownToApiError';
import type { FileToSave } from '../files/createDownloads';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork, sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createLogsService } from './createLogsService';
import { preflightLogQuery } from './preflightLogQuery';

const sandbox = sharedSandbox();
const withWs = localSandboxNetwork(sandbox.info);
const noWs = { ...sandboxNetwork(sandbox.info, sandbox.info.key, { ws: false, id: 'plain' }), authorization: withWs.authorization };
const rpc = createRpcService({ resolve: async (id) => (id === 'plain' ? noWs : withWs) });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-logs-'));
const store = openStore(dataDir);
const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
const decoding = createDecodingService({ rpc, store, chainOf: async () => '31337', readContent: createContentReader(async () => withWs), projectRoot: process.cwd() });
let lastFile: FileToSave | undefined;
// The service's own requests, counted: once none is in flight, nothing it asked for can still bring rows.
let requestsInFlight = 0;
const countedRpc: typeof rpc = {
  ...rpc,
  request: <T,>(...args: Parameters<typeof rpc.request>) => {
    requestsInFlight += 1;
    return rpc.request<T>(...args).finally(() => (requestsInFlight -= 1));
  },
};
const logs = createLogsService({
  rpc: countedRpc,
  health,
  decoding,
  networkName: async () => 'Local sandbox',
  store,
  dataDir,
  saveFile: async (file) => {
    lastFile = file;
    return { kind: 'download', url: `/downloads/test/${file.name}` };
  },
});
afterAll(async () => {
  logs.close();
  await rpc.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const { logStorm, contracts } = sandbox.manifest;
/** Every log of a filter straight from Anvil, unlimited: the floor the app's answer is compared with. */
async function anvilLogs(filter: Record<string, unknown>): Promise<{ blockNumber: string; logIndex: string; transactionHash: string }[]> {
  const response = await fetch(sandbox.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [filter] }) });
  return ((await response.json()) as { result: { blockNumber: string; logIndex: string; transactionHash: string }[] }).result;
}
const hex = (n: number) => `0x${n.toString(16)}`;
const identity = (log: { blockNumber: string; logIndex: string; transactionHash: string }) => `${BigInt(log.blockNumber)}:${BigInt(log.logIndex)}:${log.transactionHash}`;

async function runAll(query: Parameters<typeof logs.run>[1], controller = new AbortController()) {
  const events: LogRunEvent[] = [];
  await logs.run('local', query, (event) => events.push(event), controller.signal);
  return events;
}

describe('the logs service on the sandbox', () => {
  it('warns before running a query over the result limit, with an estimate and a plan', async () => {
    const preflight = await logs.preflight('local', { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.denseFromBlock), toBlock: String(logStorm.denseToBlock) });
    expect(preflight.span.blocks).toBe(logStorm.denseToBlock - logStorm.denseFromBlock + 1);
    expect(preflight.estimate.logs).toBeGreaterThan(10_000);
    expect(preflight.warnings.map((warning) => warning.kind)).toContain('results');
    expect(preflight.plan.requests).toBeGreaterThan(1);
  });

  it('hands one sampled log of each emitter and event to be decoded before the run', async () => {
    const heard: { address: string; topics: string[] }[] = [];
    const request = <T,>(method: string, params: unknown[], signal?: AbortSignal) => rpc.request<T>('local', method, params, { signal });
    const query = { addresses: [], topics: [], fromBlock: '1', toBlock: String(logStorm.fromBlock) };
    await preflightLogQuery({ request, networkName: 'Local sandbox', sampled: (logs) => heard.push(...(logs as typeof heard)) }, query);
    const kinds = heard.map((log) => `${log.address.toLowerCase()}|${log.topics[0]}`);
    expect(new Set(kinds).size).toBe(kinds.length);
    const all = await anvilLogs({ fromBlock: '0x1', toBlock: hex(logStorm.fromBlock) });
    const every = new Set((all as unknown as { address: string; topics: string[] }[]).map((log) => `${log.address.toLowerCase()}|${log.topics[0]}`));
    expect(kinds.length).toBe(Math.min(50, every.size));
    for (const kind of kinds) expect(every.has(kind)).toBe(true);
  });

  it('counts a range its samples cover whole, dense blocks included', async () => {
    const preflight = await logs.preflight('local', { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.fromBlock), toBlock: String(logStorm.toBlock) });
    expect(preflight.estimate).toMatchObject({ logs: logStorm.totalLogs, exact: true });
  });

  it('says nothing is over a limit for a small query, and counts it exactly', async () => {
    const preflight = await logs.preflight('local', { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.fromBlock), toBlock: String(logStorm.fromBlock) });
    expect(preflight.warnings).toEqual([]);
    expect(preflight.estimate.exact).toBe(true);
    expect(preflight.estimate.logs).toBe((await anvilLogs({ address: contracts.logStorm, fromBlock: hex(logStorm.fromBlock), toBlock: hex(logStorm.fromBlock) })).length);
  });

  it('runs the log-heavy range split as the service asks: exactly the logs Anvil holds, in chain order, decoded, then exports them', async () => {
    const query = { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.fromBlock), toBlock: String(logStorm.toBlock) };
    const events = await runAll(query);
    const rows = events.flatMap((event): LogRow[] => (event.kind === 'rows' ? event.rows : []));
    const floor = await anvilLogs({ address: contracts.logStorm, fromBlock: hex(logStorm.fromBlock), toBlock: hex(logStorm.toBlock) });
    expect(floor.length).toBe(logStorm.totalLogs);
    expect(rows.map(identity)).toEqual(floor.map(identity));
    expect(rows[0]!.decoded).toMatchObject({ status: 'decoded', name: 'Tick' });
    const last = events.at(-1)!.progress;
    expect(last).toMatchObject({ logs: floor.length, blocksCovered: last.blocksTotal });
    // Its pre-flight (above) estimated the density: the run asked in pieces that fit, and none was refused.
    expect(last.splits).toBe(0);

    const started = events[0]!;
    if (started.kind !== 'started') throw new Error('the first event is not `started`');
    const exported = await logs.export(started.runId, 'csv');
    expect(exported).toMatchObject({ kind: 'download', rows: floor.length });
    let text = '';
    for await (const chunk of lastFile!.chunks()) text += chunk;
    const lines = text.trimEnd().split('\n');
    expect(lines.length - 1).toBe(floor.length);
    expect(lines[1]!.split(',')[0]).toBe(String(BigInt(floor[0]!.blockNumber)));
    // The spool keeps the node's logs and decodes them again at export: the file holds the rows the run sent.
    await logs.export(started.runId, 'json');
    let json = '';
    for await (const chunk of lastFile!.chunks()) json += chunk;
    expect(JSON.parse(json)).toEqual(rows.map((row) => checksumAddressesIn(row)));
  });

  it('stops at once when cancelled, and sends nothing after', async () => {
    const controller = new AbortController();
    const events: LogRunEvent[] = [];
    const running = logs.run('local', { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.fromBlock), toBlock: String(logStorm.toBlock) }, (event) => {
      events.push(event);
      if (event.kind === 'rows') controller.abort();
    }, controller.signal);
    await expect(running).rejects.toBeDefined();
    const count = events.length;
    await expect.poll(() => requestsInFlight).toBe(0);
    await new Promise((resolve) => setImmediate(resolve)); // what a settled request would have scheduled
    expect(events.length).toBe(count);
    expect(events.filter((event) => event.kind === 'rows').length).toBe(1);
  });

  it('waits while the window has not taken what was sent, instead of burying it', async () => {
    // The window holds 64 MiB unread until the service has looked three times, then takes it all.
    const order: string[] = [];
    let unread = 64 * 1024 * 1024;
    let looks = 0;
    const backlog = () => {
      if (unread > 0 && ++looks === 3) {
        order.push('taken');
        unread = 0;
      }
      return unread;
    };
    await logs.run('local', { addresses: [contracts.logStorm], topics: [], fromBlock: String(logStorm.denseFromBlock), toBlock: String(logStorm.denseFromBlock + 1) }, (event) => {
      if (event.kind === 'rows') order.push('rows');
    }, new AbortController().signal, backlog);
    expect(order.length).toBeGreaterThan(2);
    expect(order.slice(0, 3)).toEqual(['rows', 'taken', 'rows']);
  });

  it('refuses a block hash the chain does not have, by name', async () => {
    const error = await runAll({ addresses: [], topics: [], blockHash: `0x${'ab'.repeat(32)}` }).catch((caught: unknown) => thrownToApiError(caught, (text) => text));
    expect(error).toMatchObject({ shortMessage: `No block 0x${'ab'.repeat(32)} on Local sandbox.` });
  });

  it('finds events by name: the contract’s own from its metadata, others from the signature database', async () => {
    const tick = await logs.events('local', 'Tick', contracts.logStorm);
    expect(tick[0]).toMatchObject({ name: 'Tick', source: 'metadata', inputs: [{ name: 'blockNumber', indexed: true }, { indexed: true }, { indexed: true }, { indexed: false }] });
    const transfer = await logs.events('local', 'Transfer', undefined);
    expect(transfer[0]).toMatchObject({ name: 'Transfer', signature: 'Transfer(address,address,uint256)', topic0: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' });
  });

  it('keeps saved queries: save, rename, duplicate, delete', () => {
    const saved = logs.save('Ticks', 'local', { addresses: [contracts.logStorm], topics: [] });
    expect(logs.rename(saved.id, 'All ticks').name).toBe('All ticks');
    const copy = logs.duplicate(saved.id);
    expect(copy).toMatchObject({ name: 'All ticks (copy)', query: saved.query });
    expect(logs.savedList().map((query) => query.name)).toEqual(expect.arrayContaining(['All ticks', 'All ticks (copy)']));
    expect(logs.delete(copy.id)).toEqual({ deleted: true });
    expect(logs.delete(copy.id)).toEqual({ deleted: false });
    expect(() => logs.rename(copy.id, 'x')).toThrow('That saved query is not there any more.');
  });

  it.each([
    ['over a WebSocket subscription', 'local', 'subscription'],
    ['by polling where the network has no WebSocket', 'plain', 'polling'],
  ] as const)('follows new logs %s', async (_how, networkId, via) => {
    const controller = new AbortController();
    const events: LogTailEvent[] = [];
    const tail = logs.tail(networkId, { addresses: [], topics: [] }, (event) => {
      events.push(event);
      if (event.rows.length > 0) controller.abort();
    }, controller.signal);
    const timeout = setTimeout(() => controller.abort(), 20_000);
    await tail;
    clearTimeout(timeout);
    expect(events[0]).toMatchObject({ rows: [], via });
    const withRows = events.find((event) => event.rows.length > 0);
    expect(withRows?.rows[0]).toMatchObject({ removed: false, blockNumber: expect.stringMatching(/^0x/) });
  }, 30_000);
});
