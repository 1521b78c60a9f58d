import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { waitForLevel } from '../../../src-shared/gas/blockCadence';
import { FEE_LEVELS } from '../../../src-shared/gas/feeSuggestion';
import { feeSuggestionSchema } from '../../../src-shared/gas/feeSuggestionSchema';
import type { GasEvent, GasSnapshot } from '../../../src-shared/gas/gasTypes';
import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';
import { gasRequestFor } from '../networks/createNetworkService';
import { createRpcService } from '../rpc/createRpcService';
import { sandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { openStore } from '../store/openStore';
import { createGasService, type GasService } from './createGasService';

const sandbox = sharedSandbox();
const credential = { apiKey: sandbox.info.key, apiSecret: sandbox.info.secret };
/** The Local network as the app resolves it, in each of the gas API's auth forms, and without one. */
function local(id: string, overrides: Parameters<typeof sandboxNetwork>[2] = {}, withCredential = true): NetworkWithCredentials {
  const resolved = sandboxNetwork(sandbox.info, sandbox.info.key, { id, ...overrides });
  return { ...resolved, gasRequest: gasRequestFor(resolved.network, withCredential ? credential : undefined) };
}
const networks: Record<string, NetworkWithCredentials> = {
  basic: local('basic'),
  path: local('path', { gasAuth: 'path' }),
  nogas: local('nogas', { gasUrl: null }),
  wrongkey: { ...local('wrongkey'), gasRequest: gasRequestFor(local('wrongkey').network, { apiKey: 'not-a-key-0000000000000000000000' }) },
};
const rpc = createRpcService({ resolve: async (id) => networks[id] ?? networks.basic! });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-gas-'));
const store = openStore(dataDir);
store.settings.set('gasPollSeconds', 2);
const lines: string[] = [];
const service = (): GasService =>
  createGasService({
    resolve: async (id) => networks[id]!,
    request: (id, method, params, options) => rpc.request(id, method, params, options),
    store,
    chainOf: async () => String(sandbox.info.chainId),
    redact: (text) => text.split(sandbox.info.key).join('[key]'),
    log: (line) => lines.push(line),
  });
const gas = service();
afterAll(async () => {
  await rpc.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Watches a network until `count` events came (or `until` accepts one), then stops watching. */
async function watch(target: GasService, networkId: string, until: (event: GasEvent, all: GasEvent[]) => boolean): Promise<GasEvent[]> {
  const events: GasEvent[] = [];
  const controller = new AbortController();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching gas event within 40 s: ${JSON.stringify(events.at(-1))?.slice(0, 400)}`)), 40_000);
    void target.watch(
      networkId,
      (event) => {
        events.push(event);
        if (until(event, events)) {
          clearTimeout(timer);
          resolve();
        }
      },
      controller.signal,
    );
  });
  controller.abort();
  return events;
}
/** The snapshot of each poll (not the first one's repeat once the past blocks are in the history). */
const snapshots = (events: GasEvent[]) => events.flatMap((event) => (event.kind === 'snapshot' && event.backfilling !== false ? [event.snapshot] : []));

/** The sandbox's own answer, fetched directly, with the block it was computed for. */
async function sandboxAnswer(): Promise<{ block: number; body: unknown }> {
  const response = await fetch(`${sandbox.info.gasUrl}/networks/${sandbox.info.chainId}/suggestedGasFees`, {
    headers: { authorization: `Basic ${Buffer.from(`${sandbox.info.key}:${sandbox.info.secret}`).toString('base64')}` },
  });
  return { block: Number(response.headers.get('x-block-number')), body: await response.json() };
}

/**
 * Polls until a snapshot and the sandbox's direct answer are for the same block (blocks come every 2 s). One
 * service throughout, as the app has: its first local estimate reads the whole fee-history window, later ones
 * only the new blocks.
 */
async function sameBlock(networkId: string): Promise<{ snapshot: GasSnapshot; answer: unknown }> {
  const target = service();
  for (let attempt = 0; attempt < 10; attempt++) {
    const [snapshot] = snapshots(await watch(target, networkId, (event) => event.kind === 'snapshot'));
    const answer = await sandboxAnswer();
    if (snapshot && answer.block === snapshot.suggestionBlock) return { snapshot, answer: answer.body };
  }
  throw new Error('never caught the poll and a direct request on the same block');
}

describe('gas service on the sandbox', () => {
  it('polls the gas API with basic credentials: the same figures the sandbox serves for that block', async () => {
    const { snapshot, answer } = await sameBlock('basic');
    expect(snapshot.source).toBe('api');
    expect(snapshot.fallbackReason).toBeUndefined();
    expect(snapshot.suggestion).toEqual(answer);
    expect(feeSuggestionSchema.parse(snapshot.suggestion)).toEqual(snapshot.suggestion);
    expect(snapshot.chain).toBe(String(sandbox.info.chainId));
  });

  it('polls the gas API with the key in the path', async () => {
    const { snapshot, answer } = await sameBlock('path');
    expect(snapshot.source).toBe('api');
    expect(snapshot.suggestion).toEqual(answer);
  });

  it('computes the same levels locally from fee history where the network has no gas API, and says so', async () => {
    const { snapshot, answer } = await sameBlock('nogas');
    expect(snapshot.source).toBe('local');
    expect(snapshot.fallbackReason).toBe('This network has no gas API address.');
    const { version: _version, ...served } = answer as Record<string, unknown>;
    // The same fees; the waits are counted in the sandbox's own blocks (blockCadence.test.ts shows the scaling).
    expect(snapshot.blockCadence?.kind).toBe('interval');
    const waits = Object.fromEntries(FEE_LEVELS.map((level) => [level, { ...(served[level] as object), ...waitForLevel(level, snapshot.blockCadence!) }]));
    expect(snapshot.suggestion).toEqual({ ...served, ...waits });
  });

  it('falls back to the local estimate when the gas API refuses the key, with the reason and without the key', async () => {
    const [event] = await watch(service(), 'wrongkey', (e) => e.kind === 'snapshot');
    expect(event?.kind).toBe('snapshot');
    const snapshot = (event as { snapshot: GasSnapshot }).snapshot;
    expect(snapshot.source).toBe('local');
    expect(snapshot.fallbackReason).toBe('The gas API refused the credentials: check the key in Settings → Keys.');
    expect(JSON.stringify(snapshot)).not.toContain(sandbox.info.key);
  });

  it("gives the next block's base fee by EIP-1559 from the head it read, the range after it, and the blob base fee", async () => {
    const [snapshot] = snapshots(await watch(gas, 'basic', (event) => event.kind === 'snapshot'));
    const head = snapshot!.head;
    const base = BigInt(head.baseFeePerGas);
    const target = BigInt(head.gasLimit) / 2n;
    const used = BigInt(head.gasUsed);
    const expected = used === target ? base : used > target ? base + ((base * (used - target)) / target / 8n || 1n) : base - (base * (target - used)) / target / 8n;
    expect(BigInt(snapshot!.nextBaseFee)).toBe(expected);
    expect(snapshot!.nextBaseFeeRange).toHaveLength(5);
    expect(snapshot!.nextBaseFeeRange[0]!.block).toBe(head.number + 2);
    for (const step of snapshot!.nextBaseFeeRange) expect(BigInt(step.low) <= BigInt(step.high)).toBe(true);
    // Anvil runs Cancun or later: it answers eth_blobBaseFee; the figure is what it says right after.
    const anvil = (await (await fetch(sandbox.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_blobBaseFee","params":[]}' })).json()) as { result: string };
    expect(snapshot!.blobBaseFee).toBe(anvil.result);
  });

  it('stores each poll as a sample and reads the history back after the store is reopened', async () => {
    await watch(gas, 'basic', (_event, all) => snapshots(all).length >= 3);
    const before = await gas.history('basic', 'hour');
    expect(before.samples).toBeGreaterThanOrEqual(3);
    expect(before.time.length).toBe(before.baseFee.length);
    expect(before.fromApi).toBeGreaterThan(0);
    expect(before.priority.medium.every((value) => value > 0)).toBe(true);
    const reopened = openStore(dataDir);
    const again = createGasService({ resolve: async (id) => networks[id]!, request: (...args) => rpc.request(...args), store: reopened, chainOf: async () => String(sandbox.info.chainId), redact: (t) => t });
    expect((await again.history('basic', 'hour')).samples).toBeGreaterThanOrEqual(before.samples);
    reopened.close();
  });

  it('says on its first snapshot that the past blocks are being read into the history, and again when they are in', async () => {
    const events = await watch(gas, 'basic', (event) => event.kind === 'snapshot' && event.backfilling === false);
    const [first, ...rest] = events.filter((event) => event.kind === 'snapshot');
    expect(first).toMatchObject({ backfilling: true });
    const done = rest.find((event) => event.backfilling === false)!;
    expect(done.snapshot.suggestionBlock).toBe(first!.snapshot.suggestionBlock);
    expect(done.snapshot.fired).toEqual([]);
    expect(rest.filter((event) => event.backfilling !== undefined)).toHaveLength(1);
    expect((await gas.history('basic', 'hour')).samples).toBeGreaterThan(1);
  });

  it('reads per-block base fee and gas used ratio from fee history', async () => {
    const before = Number(BigInt(await rpc.request<string>('basic', 'eth_blockNumber', [])));
    const blocks = await gas.blocks('basic', 20);
    // 20 consecutive blocks ending at the head (those Anvil restored from its state dump read from their headers).
    expect(blocks.blocks).toHaveLength(20);
    expect(blocks.blocks.at(-1)!).toBeGreaterThanOrEqual(before);
    expect(blocks.blocks.at(-1)! - blocks.blocks[0]!).toBe(19);
    expect(blocks.baseFee).toHaveLength(20);
    expect(blocks.gasUsedRatio.every((ratio) => ratio >= 0 && ratio <= 1)).toBe(true);
    const header = (await rpc.request<{ baseFeePerGas: string }>('basic', 'eth_getBlockByNumber', [`0x${blocks.blocks[0]!.toString(16)}`, false]));
    expect(blocks.baseFee[0]).toBeCloseTo(Number(BigInt(header.baseFeePerGas)) / 1e9, 9);
  });

  it('fires an alert once when its condition holds, not again while it keeps holding, and keeps it in the list', async () => {
    const alert = gas.addAlert('basic', 'medium', 'below', '100000');
    const never = gas.addAlert('basic', 'base', 'above', '100000');
    const events = await watch(gas, 'basic', (_event, all) => snapshots(all).length >= 3);
    const fired = snapshots(events).flatMap((snapshot) => snapshot.fired);
    expect(fired.filter((f) => f.alertId === alert.id)).toHaveLength(1);
    expect(fired.filter((f) => f.alertId === never.id)).toHaveLength(0);
    const [event] = fired;
    expect(event!.description).toBe('medium max fee below 100000 gwei');
    const snapshot = snapshots(events).find((s) => s.fired.length > 0)!;
    expect(event!.valueGwei).toBe(snapshot.suggestion.medium.suggestedMaxFeePerGas);
    expect(gas.firedAlerts().map((f) => f.id)).toContain(event!.id);
    expect(gas.alerts().find((a) => a.id === alert.id)).toMatchObject({ met: true, lastValueGwei: expect.any(String) });
    gas.deleteAlert(alert.id);
    gas.deleteAlert(never.id);
    expect(gas.firedAlerts().map((f) => f.id)).toContain(event!.id);
  });

  it('keeps a snoozed alert quiet, tells the crossing it owes once woken, then keeps quiet for the cooldown after it fired', async () => {
    const alert = gas.addAlert('basic', 'medium', 'below', '100000'); // always holds on the sandbox
    const snoozed = gas.snoozeAlert(alert.id, 60);
    expect(snoozed.snoozedUntil).toBeGreaterThan(Date.now() + 59 * 60_000);
    const quiet = await gas.pollOnce('basic', AbortSignal.timeout(20_000));
    expect(quiet.fired.filter((f) => f.alertId === alert.id)).toEqual([]);
    expect(gas.alerts().find((a) => a.id === alert.id)).toMatchObject({ met: true, owed: true });

    expect(gas.snoozeAlert(alert.id, 0).snoozedUntil).toBeUndefined();
    const woken = await gas.pollOnce('basic', AbortSignal.timeout(20_000));
    expect(woken.fired.filter((f) => f.alertId === alert.id)).toHaveLength(1);
    const after = gas.alerts().find((a) => a.id === alert.id)!;
    expect(after).toMatchObject({ met: true, lastFiredAt: woken.fetchedAt });
    expect(after.owed).toBeUndefined();

    // The figure goes back across and crosses again within the cooldown (as an oscillating fee does): not told.
    store.db.prepare('UPDATE gas_alerts SET met = 0 WHERE id = ?').run(alert.id);
    const again = await gas.pollOnce('basic', AbortSignal.timeout(20_000));
    expect(again.fired.filter((f) => f.alertId === alert.id)).toEqual([]);
    expect(gas.alerts().find((a) => a.id === alert.id)).toMatchObject({ owed: true, lastFiredAt: woken.fetchedAt });
    await expect(async () => gas.snoozeAlert(999_999, 5)).rejects.toMatchObject({ shortMessage: 'That alert is not there any more.' });
    gas.deleteAlert(alert.id);
  });
});

describe('gas service failures', () => {
  it('honours a 429 from the gas API: the local estimate fills in, and the API is not asked again before backoff_seconds', async () => {
    let asked = 0;
    const server = http.createServer((_req, res) => {
      asked += 1;
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'rate limited', backoff_seconds: 60 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    networks.limited = { ...local('limited', { gasUrl: url }) };
    try {
      const events = await watch(service(), 'limited', (_event, all) => snapshots(all).length >= 2);
      const [first, second] = snapshots(events);
      expect(first!.source).toBe('local');
      expect(first!.fallbackReason).toBe('The gas API is rate-limiting this key. Asking it again after 60 s.');
      expect(second!.source).toBe('local');
      expect(asked).toBe(1);
    } finally {
      server.close();
    }
  });

  it('reports an unreachable node as an error event and asks again within 2 s, so it finds the node as soon as it is back', async () => {
    networks.down = local('down', { rpcUrl: 'http://127.0.0.1:9/v3/', gasUrl: null });
    const target = service();
    // The clock stands still (timers run as usual), so the next poll it announces is exactly its delay from now.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    let events: GasEvent[];
    try {
      events = await watch(target, 'down', (_event, all) => all.length >= 1);
      expect(events[0]!.kind).toBe('error');
      // Not the doubled interval (20 s) a refusal gets: a node that is gone costs nothing to ask again.
      expect((events[0] as Extract<GasEvent, { kind: 'error' }>).nextPollAt - Date.now()).toBe(2_000);
    } finally {
      vi.useRealTimers();
    }
    const error = events[0] as Extract<GasEvent, { kind: 'error' }>;
    expect(error.error.name).toBe('NetworkDownError');
    expect(error.error.shortMessage).not.toContain(sandbox.info.key);
    expect(target.polling()).toEqual([]);
  });

  it('refuses a Starknet network with a plain reason', async () => {
    networks.stark = { ...local('stark'), network: { ...local('stark').network, family: 'starknet', chainId: '0x534e5f5345504f4c4941' } as never };
    const [event] = await watch(service(), 'stark', () => true);
    expect(event!.kind).toBe('error');
    expect((event as Extract<GasEvent, { kind: 'error' }>).error.shortMessage).toMatch(/Starknet network: the gas dashboard reads EVM networks/);
  });
});
