import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import type { ContentSaveEvent } from '../../../src-shared/content/contentTypes';
import { recordFault } from '../../../test-support/faultReport';
import { isAlive } from '../../../test-support/processTree';
import { thrownToApiError } from '../errors/thrownToApiError';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { callContext } from './testing/appTestKit';
import { startFaultApp, type FaultApp } from './testing/faultApp';

// The sandbox process killed (kill -9) while a content save runs: the app says so in its status, restarts the
// sandbox by itself, and keeps working; the save waits for the store and goes on from where it broke off.

const shared = sharedSandbox();
const ctx = callContext();
const FAULT = 'sandbox process killed (kill -9)';
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

describeWithKeychain('fault: the sandbox process killed', () => {
  let fault: FaultApp;
  beforeAll(async () => {
    fault = await startFaultApp({ diskBytesPerSecond: 2 * 2 ** 20 });
  }, 180_000);
  afterAll(() => fault?.close());

  it('the status says it crashed, the app restarts it, the chain answers again and the save goes on', { timeout: 420_000 }, async () => {
    const { rootCid, entries } = shared.demoContent;
    const big = entries.find((entry) => entry.path === 'blockglass-demo/data/random-50MiB.bin')!;
    const statuses: { status: SandboxStatus; at: number }[] = [];
    const watching = new AbortController();
    const watched = fault.app.topics['sandbox.status']({}, (status) => statuses.push({ status, at: Date.now() }), watching.signal, ctx);
    const restartsBefore = (await fault.status()).restarts;
    const sandbox = fault.sandboxPid();
    const anvil = fault.anvilPid();

    const saveEvents: { event: ContentSaveEvent; at: number }[] = [];
    let saveError: ApiError | undefined;
    let killedAt = 0;
    const saved = fault.app.topics['content.save'](
      { networkId: 'local', cid: rootCid, path: ['data', 'random-50MiB.bin'], name: 'random-50MiB.bin', as: 'file' },
      (event) => {
        saveEvents.push({ event, at: Date.now() });
        if (killedAt === 0 && event.kind === 'progress' && event.bytes > 4 * 2 ** 20) killedAt = fault.kill(sandbox);
      },
      new AbortController().signal,
      ctx,
    ).catch((error: unknown) => void (saveError = thrownToApiError(error, (text) => text)));

    await expect.poll(() => killedAt, { timeout: 60_000 }).toBeGreaterThan(0);
    const backAt = await fault.runningAgain(restartsBefore + 1, 240_000);
    // Its Anvil went with it (the guard saw its parent die): no orphan node.
    await expect.poll(() => isAlive(anvil), { timeout: 15_000 }).toBe(false);

    // The app showed it: crashed (with the reason), then restarting, then running.
    const states = statuses.filter(({ at }) => at >= killedAt).map(({ status }) => status.state);
    expect(states).toContain('crashed');
    expect(states.at(-1)).toBe('running');
    const crashed = statuses.find(({ status, at }) => at >= killedAt && status.state === 'crashed')!;
    expect(crashed.status.lastError?.shortMessage).toMatch(/\S/);

    // It keeps working: the chain answers, and the save ends whole.
    const report = await fault.app.handlers['networks.test']({ networkId: 'local' }, ctx);
    expect(report).toMatchObject({ ok: true, chainId: 31337 });
    await saved;
    expect(saveError, `the save failed: ${saveError?.name}: ${saveError?.shortMessage}`).toBeUndefined();
    const bytes = fs.readFileSync(path.join(fault.saveDir, 'random-50MiB.bin'));
    expect(bytes.length).toBe(big.size);
    expect(sha256(bytes), 'the bytes the store holds').toBe(sha256(await fault.cat(big.cid)));
    const waits = saveEvents.filter(({ event }) => event.kind === 'progress' && event.waiting);
    expect(waits.length, 'the save said it waits for the store').toBeGreaterThan(0);
    expect((waits[0]!.event as Extract<ContentSaveEvent, { kind: 'progress' }>).waiting).toMatch(/^The store stopped answering .* goes on from [\d,]+ bytes\.$/);
    const goneOn = saveEvents.find(({ event, at }) => event.kind === 'progress' && !event.waiting && at > waits.at(-1)!.at)!;
    const cutAt = (waits[0]!.event as Extract<ContentSaveEvent, { kind: 'progress' }>).bytes;
    watching.abort();
    await watched;

    recordFault({ fault: FAULT, work: 'the app', outcome: `status ${[...new Set(states)].join(' → ')} (“${crashed.status.lastError!.shortMessage}”); Anvil gone with it; the chain answers again`, recoveryMs: backAt - killedAt });
    recordFault({
      fault: FAULT,
      work: 'content save, 50 MiB (2 MiB/s disk)',
      outcome: `cut at ${(cutAt / 2 ** 20).toFixed(1)} MiB, waited with a note (${waits.length} updates), went on from there; whole, sha256 ${sha256(bytes).slice(0, 12)}…`,
      recoveryMs: Math.max(0, goneOn.at - backAt),
    });
  });
});
