import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LatestView } from '../../../src-shared/api/explorer';
import type { LogTailEvent } from '../../../src-shared/logs/types';
import { recordFault } from '../../../test-support/faultReport';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { startTcpProxy, type TcpProxy } from '../rpc/testing/tcpProxy';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import type { AppServices } from './createAppServices';
import { callContext } from './testing/appTestKit';
import { startCustomNetworkApp, type CustomNetworkApp } from './testing/customNetworkApp';

// The WebSocket cut: the link to the node goes down for 5 s (every connection reset, new ones refused) while the
// explorer follows the latest blocks and a log tail runs. Both reconnect and resubscribe by themselves; the
// blocks missed meanwhile are filled in, and the tail has no gap: every log the chain holds for the blocks it
// covered, compared with eth_getLogs afterwards.

const shared = sharedSandbox();
const ctx = callContext();
const OUTAGE_MS = 5_000;
const hex = (n: number) => `0x${n.toString(16)}`;

describeWithKeychain('fault: the WebSocket cut', () => {
  let custom: CustomNetworkApp;
  let app: AppServices;
  let proxy: TcpProxy;
  let networkId: string;

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(shared.info.rpcUrl).port));
    const origin = `127.0.0.1:${proxy.port}`;
    custom = await startCustomNetworkApp('Sandbox over a flaky link', { rpcUrl: `http://${origin}/local/v3/`, wsUrl: `ws://${origin}/local/ws/v3/` });
    ({ app, networkId } = custom);
  });
  afterAll(async () => {
    await custom?.close();
    await proxy?.close();
  });

  it('the latest-block feed and the log tail reconnect, fill in what was missed, and leave no gap', { timeout: 180_000 }, async () => {
    const latest: { view: LatestView; at: number }[] = [];
    const tail: { event: LogTailEvent; at: number }[] = [];
    const stop = new AbortController();
    const following = app.topics['explorer.latest']({ networkId, count: 20 }, (view) => latest.push({ view, at: Date.now() }), stop.signal, ctx);
    const tailing = app.topics['logs.tail']({ networkId, query: { addresses: [], topics: [] } }, (event) => tail.push({ event, at: Date.now() }), stop.signal, ctx);
    const tailRows = () => tail.flatMap(({ event }) => event.rows);

    // Both under way, with rows in the tail, before the cut.
    await expect.poll(() => latest.length >= 2 && tailRows().length > 0 && tail.some(({ event }) => event.via === 'subscription'), { timeout: 60_000 }).toBe(true);
    const headBefore = Number(latest.at(-1)!.view.head);
    const cutAt = Date.now();
    proxy.refuseFor(OUTAGE_MS);
    proxy.dropAll();
    const upAt = cutAt + OUTAGE_MS;
    // After the link is back: at least three new heads in the feed, and tail rows from blocks mined after it.
    await expect.poll(() => latest.filter(({ at }) => at > upAt).length >= 3, { timeout: 60_000 }).toBe(true);
    const headAfter = Number(latest.at(-1)!.view.head);
    await expect.poll(() => tailRows().some((row) => Number(row.blockNumber) > headAfter), { timeout: 60_000 }).toBe(true);
    stop.abort();
    await Promise.all([following, tailing]);

    // Missed blocks filled in: every block from before the cut to after it came in some view of the feed.
    const seen = new Set(latest.flatMap(({ view }) => view.blocks.map((block) => Number(block.number))));
    const missing: number[] = [];
    for (let n = headBefore; n <= headAfter; n++) if (!seen.has(n)) missing.push(n);
    expect(missing, 'blocks never shown').toEqual([]);
    expect(headAfter - headBefore, 'blocks were mined during the outage').toBeGreaterThanOrEqual(2);
    const feedBack = latest.find(({ at }) => at > upAt)!.at;

    // The tail: no gap. Every log of the blocks it covered, as eth_getLogs has them, once.
    const rows = tailRows().filter((row) => !row.removed);
    const from = Math.min(...rows.map((row) => Number(row.blockNumber)));
    const to = Math.max(...rows.map((row) => Number(row.blockNumber)));
    const answer = await fetch(shared.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ fromBlock: hex(from + 1), toBlock: hex(to - 1) }] }) });
    const chainLogs = ((await answer.json()) as { result: { blockNumber: string; logIndex: string }[] }).result;
    const key = (row: { blockNumber: string; logIndex: string }) => `${Number(row.blockNumber)}:${Number(row.logIndex)}`;
    const tailed = rows.filter((row) => Number(row.blockNumber) > from && Number(row.blockNumber) < to).map(key);
    expect(new Set(tailed).size, 'no log twice').toBe(tailed.length);
    expect([...tailed].sort()).toEqual(chainLogs.map(key).sort());
    const tailBack = tail.find(({ event, at }) => at > upAt && event.rows.length > 0)!.at;

    recordFault({ fault: `WebSocket cut, link down ${OUTAGE_MS / 1000} s`, work: 'latest blocks (explorer home)', outcome: `reconnected and resubscribed; blocks ${headBefore}–${headAfter} all shown, none missing`, recoveryMs: feedBack - upAt });
    recordFault({
      fault: `WebSocket cut, link down ${OUTAGE_MS / 1000} s`,
      work: 'live log tail',
      outcome: `no gap: ${tailed.length} logs of blocks ${from + 1}–${to - 1}, equal to eth_getLogs (${proxy.accepted()} connections in all)`,
      recoveryMs: tailBack - upAt,
    });
  });
});
