import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxStatus } from '../../src-shared/api/sandbox';
import { createFakeApiClient } from './createFakeApiClient';
import { EARLY_FRESH_MS, withEarlyAnswers } from './earlyAnswers';

afterEach(() => {
  vi.useRealTimers();
});

/** A client whose `settings.get` counts how often main was asked, each answer numbered. */
function counted() {
  let asked = 0;
  const api = createFakeApiClient({ methods: { 'settings.get': async () => ({ theme: asked++ % 2 === 0 ? 'dark' : 'light' }), 'explorer.block': async (input) => ({ asked: ++asked, input }) as never } });
  return { api, asked: () => asked };
}

describe('answers asked for before the app has loaded', () => {
  it('are handed to the first identical call, once: the next one asks main again', async () => {
    const { api, asked } = counted();
    let clock = 0;
    const early = withEarlyAnswers(api, () => clock);
    const first = early.askEarly('settings.get', {});
    clock = EARLY_FRESH_MS;
    expect(early.call('settings.get', {})).toBe(first);
    expect(await first).toEqual({ theme: 'dark' });
    expect(asked()).toBe(1);
    expect(await early.call('settings.get', {})).toEqual({ theme: 'light' });
    expect(asked()).toBe(2);
  });

  it('match whatever order the input was written in, and only the same input', async () => {
    const { api, asked } = counted();
    const early = withEarlyAnswers(api);
    const first = early.askEarly('explorer.block', { networkId: 'local', block: '7' });
    expect(early.call('explorer.block', { block: '7', networkId: 'local' })).toBe(first);
    await first;
    await early.askEarly('explorer.block', { networkId: 'local', block: '8' });
    await early.call('explorer.block', { networkId: 'local', block: '9' });
    expect(asked()).toBe(3);
  });

  it('are not used once older than the freshness window: the app asks anew', async () => {
    const { api, asked } = counted();
    let clock = 0;
    const early = withEarlyAnswers(api, () => clock);
    const first = early.askEarly('settings.get', {});
    await first;
    clock = EARLY_FRESH_MS + 1;
    const later = early.call('settings.get', {});
    expect(later).not.toBe(first);
    expect(await later).toEqual({ theme: 'light' });
    expect(asked()).toBe(2);
  });

  it('pass a refusal to the call that takes them, and leave nothing unhandled when none does', async () => {
    const api = createFakeApiClient({});
    const early = withEarlyAnswers(api);
    void early.askEarly('app.info', {}); // never taken: no unhandled rejection fails this file
    early.askEarly('gas.alerts', {}).catch(() => undefined);
    const thrown = await early.call('gas.alerts', {}).catch((error: { error: { name: string } }) => error.error.name);
    expect(thrown).toBe('NotImplementedError');
  });
});

describe('a subscription started before the app has loaded', () => {
  function sandboxFeed() {
    let emit: ((status: SandboxStatus) => void) | undefined;
    const signals: { aborted: boolean }[] = [];
    const api = createFakeApiClient({
      topics: {
        'sandbox.status': async (_input, send, signal) => {
          emit = send;
          signals.push(signal);
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        },
      },
    });
    return { api, emit: (status: SandboxStatus) => emit!(status), signals };
  }

  it('gives the app the events that came before it subscribed, in order, then the live ones, on the same feed', async () => {
    const feed = sandboxFeed();
    const early = withEarlyAnswers(feed.api);
    early.watchEarly('sandbox.status', {});
    await expect.poll(() => feed.signals.length).toBe(1);
    feed.emit({ state: 'starting', restarts: 0 } as SandboxStatus);
    feed.emit({ state: 'running', restarts: 0 } as SandboxStatus);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const seen: unknown[] = [];
    const stop = early.subscribe('sandbox.status', {}, { onEvent: (status) => seen.push((status as SandboxStatus).state) });
    expect(seen).toEqual(['starting', 'running']);
    feed.emit({ state: 'restarting', restarts: 1 } as SandboxStatus);
    await expect.poll(() => seen).toEqual(['starting', 'running', 'restarting']);
    expect(feed.signals).toHaveLength(1); // taken over, not asked again
    stop();
    await expect.poll(() => feed.signals[0]!.aborted).toBe(true);
    // A second subscriber gets a feed of its own.
    early.subscribe('sandbox.status', {}, { onEvent: () => undefined });
    await expect.poll(() => feed.signals.length).toBe(2);
  });

  it('is cancelled when no screen takes it over within the freshness window', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const feed = sandboxFeed();
    const early = withEarlyAnswers(feed.api);
    early.watchEarly('sandbox.status', {});
    await vi.waitFor(() => expect(feed.signals).toHaveLength(1));
    vi.advanceTimersByTime(EARLY_FRESH_MS);
    await vi.waitFor(() => expect(feed.signals[0]!.aborted).toBe(true));
  });
});
