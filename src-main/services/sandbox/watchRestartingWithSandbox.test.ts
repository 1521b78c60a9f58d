import { describe, expect, it, vi } from 'vitest';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { watchRestartingWithSandbox } from './watchRestartingWithSandbox';

/** A launcher whose state the test sets, as the real one announces it. */
function launcherAt(state: SandboxStatus['state']) {
  const listeners = new Set<(status: SandboxStatus) => void>();
  let current: SandboxStatus = { state, restarts: 0 };
  return {
    status: () => current,
    onStatus: (listener: (status: SandboxStatus) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    set(next: SandboxStatus['state']) {
      current = { state: next, restarts: 0 };
      for (const listener of listeners) listener(current);
    },
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

describe('watchRestartingWithSandbox', () => {
  it('logs a watch that throws (a bug) and starts it again: the feed never dies silently', async () => {
    const launcher = launcherAt('running');
    const outer = new AbortController();
    const logs: string[] = [];
    let starts = 0;
    const done = watchRestartingWithSandbox(
      launcher,
      async (signal) => {
        starts += 1;
        if (starts === 1) throw new TypeError("Cannot read properties of undefined (reading 'number')");
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      },
      outer.signal,
      { log: (line) => logs.push(line), retryMs: 10 },
    );
    await until(() => starts === 2);
    expect(logs).toEqual(["app: the Local health feed failed: Cannot read properties of undefined (reading 'number'); restarting it"]);
    outer.abort();
    await done;
  });

  it("aborts an ended watch's signal before starting the next: what it left listening goes with it", async () => {
    vi.useFakeTimers();
    try {
      const outer = new AbortController();
      const signals: AbortSignal[] = [];
      const done = watchRestartingWithSandbox(launcherAt('starting'), async (signal) => void signals.push(signal), outer.signal, { log: () => {}, retryMs: 10 });
      await vi.advanceTimersByTimeAsync(35);
      expect(signals.length).toBe(4);
      expect(new Set(signals).size).toBe(4);
      expect(signals.every((signal) => signal.aborted)).toBe(true);
      outer.abort();
      await done;
    } finally {
      vi.useRealTimers();
    }
  });

  it('restarts a watch that ended by itself, and stops for good when the subscriber leaves', async () => {
    vi.useFakeTimers();
    try {
      const launcher = launcherAt('running');
      const outer = new AbortController();
      const logs: string[] = [];
      let starts = 0;
      const done = watchRestartingWithSandbox(launcher, async () => void (starts += 1), outer.signal, { log: (line) => logs.push(line), retryMs: 10 });
      await vi.advanceTimersByTimeAsync(25); // started at once, then again after 10 and 20 ms
      expect(starts).toBe(3);
      outer.abort();
      await done;
      // No timer is left that could start it again, and time going on starts nothing.
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(starts).toBe(3);
      expect(logs[0]).toBe('app: the Local health feed ended by itself; restarting it');
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the watch afresh when the sandbox comes up, without logging it as a failure', async () => {
    const launcher = launcherAt('starting');
    const outer = new AbortController();
    const logs: string[] = [];
    const signals: AbortSignal[] = [];
    const done = watchRestartingWithSandbox(
      launcher,
      (signal) => (signals.push(signal), new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))),
      outer.signal,
      { log: (line) => logs.push(line), retryMs: 10 },
    );
    launcher.set('running');
    await until(() => signals.length === 2);
    expect(signals[0]!.aborted).toBe(true);
    outer.abort();
    await done;
    expect(logs).toEqual([]);
  });
});
