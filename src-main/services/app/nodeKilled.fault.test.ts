import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import type { CallContext } from '../../../src-shared/api/types';
import type { ContentSaveEvent } from '../../../src-shared/content/contentTypes';
import type { GasEvent } from '../../../src-shared/gas/gasTypes';
import type { LogRow, LogRunEvent } from '../../../src-shared/logs/types';
import { recordFault } from '../../../test-support/faultReport';
import { isNodeGone } from '../../../src-shared/api/nodeGone';
import { thrownToApiError } from '../errors/thrownToApiError';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { callContext } from './testing/appTestKit';
import { startFaultApp, type FaultApp } from './testing/faultApp';

// The node killed mid-work: kill -9 of the Local sandbox's Anvil while a log query, a gas feed and a content save
// run, and while a block page is asked for. The sandbox stays and starts its node again from the last save. Each
// piece of work must say what happened in plain words, never hang, and go on by itself within seconds of the
// node's return; the log query goes on from the rows it had.

const shared = sharedSandbox();
const ctx: CallContext = callContext();
const FAULT = 'node killed (kill -9 Anvil)';
const rowKey = (row: LogRow) => `${row.blockNumber}:${row.logIndex}`;
const plain = (error: unknown): ApiError => thrownToApiError(error, (text) => text);
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

interface RunOutcome {
  rows: LogRow[];
  events: LogRunEvent[];
  /** When each event arrived. */
  at: number[];
  error?: ApiError;
}

describeWithKeychain('fault: the node killed mid-work', () => {
  let fault: FaultApp;
  beforeAll(async () => {
    // A slow disk (2 MiB/s): the 50 MiB save is still running when the node is killed.
    fault = await startFaultApp({ diskBytesPerSecond: 2 * 2 ** 20 });
    await fault.app.handlers['gas.updateSettings']({ pollSeconds: 2 }, ctx);
  }, 180_000);
  afterAll(() => fault?.close());

  /** Runs the log storm's query (seeded blocks only: the same after a restart) to the end. */
  const runQuery = (onEvent: (event: LogRunEvent, outcome: RunOutcome) => void = () => {}): Promise<RunOutcome> => {
    const { logStorm } = shared.manifest;
    const outcome: RunOutcome = { rows: [], events: [], at: [] };
    const query = { addresses: [shared.manifest.contracts.logStorm], topics: [], fromBlock: String(logStorm.fromBlock), toBlock: String(logStorm.toBlock) };
    return fault.app.topics['logs.run'](
      { networkId: 'local', query },
      (event) => {
        outcome.events.push(event);
        outcome.at.push(Date.now());
        if (event.kind === 'rows') outcome.rows.push(...event.rows);
        onEvent(event, outcome);
      },
      new AbortController().signal,
      ctx,
    ).then(
      () => outcome,
      (error: unknown) => ({ ...outcome, error: plain(error) }),
    );
  };

  it('a log query, a block page, the gas feed and a content save each say so, and recover by themselves', { timeout: 420_000 }, async () => {
    const { rootCid, entries } = shared.demoContent;
    const big = entries.find((entry) => entry.path === 'blockglass-demo/data/random-50MiB.bin')!;
    const restartsBefore = (await fault.status()).restarts;

    // The gas feed, from before the kill to after the return.
    const gas: { event: GasEvent; at: number }[] = [];
    const gasStop = new AbortController();
    const gasDone = fault.app.topics['gas.watch']({ networkId: 'local' }, (event) => gas.push({ event, at: Date.now() }), gasStop.signal, ctx);
    await expect.poll(() => gas.some(({ event }) => event.kind === 'snapshot'), { timeout: 20_000 }).toBe(true);

    // The save first (slow on its disk); once it is under way, the log query; at the query's first rows, the kill.
    const saveEvents: { event: ContentSaveEvent; at: number }[] = [];
    let saveError: ApiError | undefined;
    let killedAt = 0;
    const anvil = fault.anvilPid();
    const saveDone = fault.app.topics['content.save'](
      { networkId: 'local', cid: rootCid, path: ['data', 'random-50MiB.bin'], name: 'random-50MiB.bin', as: 'file' },
      (event) => saveEvents.push({ event, at: Date.now() }),
      new AbortController().signal,
      ctx,
    ).catch((error: unknown) => void (saveError = plain(error)));
    await expect.poll(() => saveEvents.some(({ event }) => event.kind === 'progress' && event.bytes > 0), { timeout: 30_000 }).toBe(true);
    const faulted = runQuery((event) => {
      if (killedAt === 0 && event.kind === 'rows' && event.progress.blocksCovered < event.progress.blocksTotal) killedAt = fault.kill(anvil);
    });
    await expect.poll(() => killedAt, { timeout: 90_000 }).toBeGreaterThan(0);

    // While it is down: a block never read before is asked for; it fails fast, in plain words.
    const blockNumber = String(shared.manifest.logStorm.fromBlock - 3);
    const askedAt = Date.now();
    const down = await fault.app.handlers['explorer.block']({ networkId: 'local', block: blockNumber }, ctx).then(
      () => undefined,
      (error: unknown) => plain(error),
    );
    const blockFailedMs = Date.now() - askedAt;

    // The sandbox starts its node again within seconds; the node stays dead until the gas feed (a poll every 2 s)
    // has met it: each node the sandbox starts meanwhile is killed too. An outage decided by what was seen, not by
    // how fast this machine restores the chain.
    let lastKilled = anvil;
    const killAgain = () => {
      const pid = (() => {
        try {
          return fault.anvilPid();
        } catch {
          return undefined; // between two nodes
        }
      })();
      if (pid !== undefined && pid !== lastKilled) {
        fault.kill(pid);
        lastKilled = pid;
      }
      return gas.some(({ event, at }) => event.kind === 'error' && at >= killedAt);
    };
    await expect.poll(killAgain, { timeout: 60_000, interval: 100 }).toBe(true);

    // Restoring the chain can take a while on a loaded machine: the wait for the node is generous, the figure honest.
    const backAt = await fault.nodeBack(lastKilled, 240_000);
    // The sandbox itself never went down: it restarted its node, and said so.
    expect((await fault.status()).restarts).toBe(restartsBefore);
    // Said once the new node answered (the sandbox reads its head first), so it may come just after the node is back.
    await expect.poll(() => fault.lines.some((line) => line.includes('Anvil restarted from the last save')), { timeout: 10_000, message: 'the sandbox said it restarted its node' }).toBe(true);
    // The page tries again as the renderer does while the node is gone (every 2 s, createQueryClient).
    let view: Awaited<ReturnType<FaultApp['app']['handlers']['explorer.block']>> | undefined;
    await expect
      .poll(async () => (view = await fault.app.handlers['explorer.block']({ networkId: 'local', block: blockNumber }, ctx).catch(() => undefined)) !== undefined, {
        timeout: 30_000,
        interval: 2_000,
        message: 'the block page came back',
      })
      .toBe(true);
    const blockBackAt = Date.now();
    expect(Number(view!.block.number)).toBe(Number(blockNumber));
    const outcome = await faulted;
    await saveDone;

    // The log query: ended with every row once, in chain order; and if a request of it met the dead node (the
    // sandbox restarts its node within a few seconds, so the last pieces may all be answered before or after), it
    // waited with a note and went on.
    expect(outcome.error, `the run ended with ${outcome.error?.name}: ${outcome.error?.shortMessage}`).toBeUndefined();
    const waits = outcome.events.filter((event) => event.kind !== 'started' && event.progress.waiting);
    const met = outcome.events.at(-1)!.progress.retries > 0;
    if (met) {
      expect(waits.length, 'the run met the dead node and said it waits for it').toBeGreaterThan(0);
      expect(waits[0]!.progress.waiting).toMatch(/^The node stopped answering .*goes on from block [\d,]+, keeping the rows it has\.$/);
    }
    const covered = outcome.events.map((event) => event.progress.blocksCovered);
    expect(covered, 'blocks covered never went back').toEqual([...covered].sort((a, b) => a - b));
    const clean = await runQuery();
    expect(clean.error).toBeUndefined();
    expect(outcome.rows.map(rowKey)).toEqual(clean.rows.map(rowKey));
    expect(new Set(outcome.rows.map(rowKey)).size).toBe(outcome.rows.length);
    expect(outcome.rows.length).toBe(shared.manifest.logStorm.totalLogs);
    const lastWait = outcome.events.findLastIndex((event) => event.kind !== 'started' && event.progress.waiting);
    const goneOn = outcome.at.findIndex((at, index) => index > lastWait && at > 0);
    const rowsAtKill = outcome.events.filter((event, index) => event.kind === 'rows' && outcome.at[index]! <= killedAt).reduce((sum, event) => sum + (event.kind === 'rows' ? event.rows.length : 0), 0);
    const last = outcome.events.at(-1)!.progress;
    recordFault({
      fault: FAULT,
      work: `log query, ${shared.manifest.logStorm.totalLogs.toLocaleString('en-US')} logs`,
      outcome: `${met ? `waited with a note (${waits.length} updates); went on from ${rowsAtKill.toLocaleString('en-US')} rows` : 'met no dead node (its pieces were answered before the kill or after the restart)'}; all ${outcome.rows.length.toLocaleString('en-US')} rows once, as a clean run (${last.requests} requests, ${last.retries} retries)`,
      recoveryMs: met ? Math.max(0, outcome.at[goneOn]! - backAt) : null,
    });

    // The block page: a specific error at once, then the block.
    expect(down, 'the block page failed while the node was down').toBeDefined();
    // Refused connections while the sandbox is down; the gateway's own -32603 in the moment between the node's
    // death and the sandbox's. Either is one the renderer retries by itself.
    expect(isNodeGone(down!), `${down!.name}: ${down!.shortMessage}`).toBe(true);
    // A failure of the connection, not the 15 s timeout of a node that hangs: it failed fast.
    expect(down!.shortMessage).toMatch(/Nothing answers at|connection to .* failed|closed|failed while answering|sandbox is not running/);
    expect(down!.name).not.toBe('TimeoutError');
    recordFault({ fault: FAULT, work: 'block page', outcome: `${down!.name} in ${(blockFailedMs / 1000).toFixed(1)} s: "${down!.shortMessage}"; then the block`, recoveryMs: blockBackAt - backAt });

    // The gas feed: an error event while down, snapshots again after, without being asked.
    const firstError = gas.find(({ event, at }) => event.kind === 'error' && at >= killedAt);
    expect(firstError, 'the gas feed reported the outage').toBeDefined();
    const gasBack = gas.find(({ event, at }) => event.kind === 'snapshot' && at > backAt);
    await expect.poll(() => gas.some(({ event, at }) => event.kind === 'snapshot' && at > backAt), { timeout: 20_000 }).toBe(true);
    const gasBackAt = (gasBack ?? gas.find(({ event, at }) => event.kind === 'snapshot' && at > backAt)!).at;
    gasStop.abort();
    await gasDone;
    const gasError = (firstError!.event as Extract<GasEvent, { kind: 'error' }>).error;
    recordFault({ fault: FAULT, work: 'gas feed (2 s polls)', outcome: `error event (${gasError.name}), last snapshot kept; polls again by itself`, recoveryMs: gasBackAt - backAt });

    // The save: whole in the end, byte for byte, with nothing asked of the person. The store does not need the
    // node, and the sandbox ends the transfers under way before it goes down; where one is cut anyway, the save
    // waits for the store and goes on from where it broke off.
    expect(saveError, `the save failed: ${saveError?.name}: ${saveError?.shortMessage}`).toBeUndefined();
    const saved = fs.readFileSync(path.join(fault.saveDir, 'random-50MiB.bin'));
    expect(saved.length).toBe(big.size);
    expect(sha256(saved), 'the bytes the store holds').toBe(sha256(await fault.cat(big.cid)));
    const saveWaits = saveEvents.filter(({ event }) => event.kind === 'progress' && event.waiting);
    recordFault({
      fault: FAULT,
      work: 'content save, 50 MiB (2 MiB/s disk)',
      outcome: saveWaits.length > 0 ? `cut, waited with a note, went on from where it broke off; whole (sha256 equal)` : `finished by the sandbox before it went down; whole (sha256 equal)`,
      recoveryMs: saveWaits.length > 0 ? Math.max(0, saveEvents.find(({ event, at }) => event.kind === 'progress' && !event.waiting && at > saveWaits.at(-1)!.at)!.at - backAt) : null,
    });
  });
});
