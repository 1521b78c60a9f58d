import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedHub, type FeedSource } from './createFeedHub';

/** A source that records each start and lets the test emit into the running one. */
function recordingSource() {
  const starts: { key: string; emit: (event: number) => void; signal: AbortSignal; finish: (error?: Error) => void }[] = [];
  const source: FeedSource<number> = (key, emit, signal) =>
    new Promise<void>((resolve, reject) => {
      const finish = (error?: Error) => (error ? reject(error) : resolve());
      starts.push({ key, emit, signal, finish });
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  return { source, starts };
}


describe('createFeedHub', () => {
  it('runs one source per key however many watch it; a later watcher gets the latest event at once', async () => {
    const { source, starts } = recordingSource();
    const hub = createFeedHub({ source, log: () => {}, label: 'feed' });
    const first: number[] = [];
    const second: number[] = [];
    const a = new AbortController();
    const b = new AbortController();
    void hub.watch('local', (event) => first.push(event), a.signal);
    starts[0]!.emit(1);
    void hub.watch('local', (event) => second.push(event), b.signal);
    starts[0]!.emit(2);
    expect(starts).toHaveLength(1);
    expect(first).toEqual([1, 2]);
    expect(second).toEqual([1, 2]);
    a.abort();
    b.abort();
  });

  it('gives the first watcher what the source emits as it starts, before its first await', () => {
    const hub = createFeedHub<number>({ source: (_key, emit, signal) => (emit(1), new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))), log: () => {}, label: 'feed' });
    const first: number[] = [];
    const a = new AbortController();
    void hub.watch('local', (event) => first.push(event), a.signal);
    expect(first).toEqual([1]);
    a.abort();
  });

  it('stops the source when the last watcher leaves, and starts it afresh for the next one', async () => {
    const { source, starts } = recordingSource();
    const hub = createFeedHub({ source, log: () => {}, label: 'feed' });
    const a = new AbortController();
    const b = new AbortController();
    const watchA = hub.watch('mainnet', () => {}, a.signal);
    const watchB = hub.watch('mainnet', () => {}, b.signal);
    a.abort();
    await watchA;
    expect(starts[0]!.signal.aborted).toBe(false);
    b.abort();
    await watchB;
    expect(starts[0]!.signal.aborted).toBe(true);
    expect(hub.running()).toEqual([]);
    const seen: number[] = [];
    const c = new AbortController();
    void hub.watch('mainnet', (event) => seen.push(event), c.signal);
    expect(starts).toHaveLength(2);
    starts[1]!.emit(7);
    expect(seen).toEqual([7]); // no stale event from the stopped feed
    c.abort();
  });

  it('keeps separate feeds for separate keys', () => {
    const { source, starts } = recordingSource();
    const hub = createFeedHub({ source, log: () => {}, label: 'feed' });
    const controller = new AbortController();
    const local: number[] = [];
    void hub.watch('local', (event) => local.push(event), controller.signal);
    void hub.watch('mainnet', () => {}, controller.signal);
    expect(starts.map((start) => start.key)).toEqual(['local', 'mainnet']);
    starts[1]!.emit(5);
    expect(local).toEqual([]);
    expect(hub.running().sort()).toEqual(['local', 'mainnet']);
    controller.abort();
  });

  // The linger's wait is moved through on fake timers, not slept.
  describe('lingering', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('runs on for lingerMs after the last watcher leaves; one back in time gets the latest event (as replayed) at once, on the same source', async () => {
      const { source, starts } = recordingSource();
      const hub = createFeedHub({ source, log: () => {}, label: 'feed', lingerMs: 60_000, replay: (latest: number) => -latest });
      const a = new AbortController();
      const watchA = hub.watch('local', () => {}, a.signal);
      starts[0]!.emit(4);
      a.abort();
      await watchA;
      vi.advanceTimersByTime(59_999);
      expect(starts[0]!.signal.aborted).toBe(false);
      starts[0]!.emit(5); // the feed goes on while nobody watches
      const seen: number[] = [];
      const b = new AbortController();
      const watchB = hub.watch('local', (event) => seen.push(event), b.signal);
      expect(starts).toHaveLength(1);
      expect(seen).toEqual([-5]);
      starts[0]!.emit(6);
      expect(seen).toEqual([-5, 6]);
      vi.advanceTimersByTime(120_000); // the first linger's timer was cleared: the feed is watched again
      expect(starts[0]!.signal.aborted).toBe(false);
      b.abort();
      await watchB;
      vi.advanceTimersByTime(60_000);
      expect(starts[0]!.signal.aborted).toBe(true);
      expect(hub.running()).toEqual([]);
    });

    it('a feed nobody came back to stops at the end of its linger, and the next watcher starts one afresh with no stale event', async () => {
      const { source, starts } = recordingSource();
      const hub = createFeedHub({ source, log: () => {}, label: 'feed', lingerMs: 1000 });
      const a = new AbortController();
      const watchA = hub.watch('local', () => {}, a.signal);
      starts[0]!.emit(1);
      a.abort();
      await watchA;
      expect(hub.running()).toEqual(['local']);
      vi.advanceTimersByTime(1000);
      expect(starts[0]!.signal.aborted).toBe(true);
      const seen: number[] = [];
      const b = new AbortController();
      void hub.watch('local', (event) => seen.push(event), b.signal);
      expect(starts).toHaveLength(2);
      expect(seen).toEqual([]);
      b.abort();
    });
  });

  // The restarts' waits are moved through on fake timers, not slept.
  describe('restarts', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('logs and restarts a source that fails or ends while watched; never one nobody watches', async () => {
      const { source, starts } = recordingSource();
      const lines: string[] = [];
      const hub = createFeedHub({ source, log: (line) => lines.push(line), label: 'the health feed of', retryMs: 10 });
      const controller = new AbortController();
      const seen: number[] = [];
      void hub.watch('local', (event) => seen.push(event), controller.signal);
      starts[0]!.finish(new Error('bug in the watch'));
      await vi.advanceTimersByTimeAsync(9);
      expect(starts).toHaveLength(1); // restarted after retryMs, not at once
      await vi.advanceTimersByTimeAsync(1);
      expect(starts).toHaveLength(2);
      expect(lines).toEqual(['app: the health feed of local failed: bug in the watch; restarting it']);
      starts[1]!.emit(3);
      expect(seen).toEqual([3]);
      starts[1]!.finish();
      await vi.advanceTimersByTimeAsync(10);
      expect(starts).toHaveLength(3);
      controller.abort();
      starts[2]!.finish(new Error('late'));
      // Nobody watches: no restart is scheduled, and time going on starts nothing.
      await vi.advanceTimersByTimeAsync(0);
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(starts).toHaveLength(3);
    });

    it("a start that failed leaves nothing listening: its signal is its own, and aborted once it has ended", async () => {
      // A source that fails at once, having listened for the end of its signal (as the home's feed does while its
      // node is down): a second a time, for as long as the node stays down.
      const signals: AbortSignal[] = [];
      const hub = createFeedHub<number>({
        source: (_key, _emit, signal) => {
          signals.push(signal);
          signal.addEventListener('abort', () => undefined);
          return Promise.reject(new Error('the node is down'));
        },
        log: () => {},
        label: 'feed',
        retryMs: 5,
      });
      const controller = new AbortController();
      void hub.watch('x', () => {}, controller.signal);
      await vi.advanceTimersByTimeAsync(5 * 20);
      expect(signals.length).toBeGreaterThan(10);
      expect(new Set(signals).size).toBe(signals.length);
      // Every ended start's signal is aborted (its listeners are let go with it); only the running one is not.
      expect(signals.slice(0, -1).every((signal) => signal.aborted)).toBe(true);
      // The watcher's own signal holds nothing of the starts.
      expect(getEventListeners(controller.signal, 'abort').length).toBeLessThanOrEqual(1);
      controller.abort();
      expect(signals.at(-1)!.aborted).toBe(true);
    });

    it('a running start is aborted when its last watcher leaves', async () => {
      const { source, starts } = recordingSource();
      const hub = createFeedHub({ source, log: () => {}, label: 'feed' });
      const controller = new AbortController();
      void hub.watch('x', () => {}, controller.signal);
      expect(starts[0]!.signal.aborted).toBe(false);
      controller.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(starts[0]!.signal.aborted).toBe(true);
    });

    it('a source that throws synchronously is restarted like one that rejects', async () => {
      let calls = 0;
      const hub = createFeedHub<number>({
        source: (_key, _emit, signal) => {
          calls += 1;
          if (calls === 1) throw new Error('sync');
          return new Promise((resolve) => signal.addEventListener('abort', () => resolve()));
        },
        log: () => {},
        label: 'feed',
        retryMs: 5,
      });
      const controller = new AbortController();
      void hub.watch('x', () => {}, controller.signal);
      await vi.advanceTimersByTimeAsync(5);
      expect(calls).toBe(2);
      controller.abort();
    });
  });
});
