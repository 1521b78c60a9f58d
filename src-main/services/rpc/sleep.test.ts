import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './sleep';

// The waits between retries: on fake timers, so what is checked is when the wait ends, not how long a run took.
describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves once its time has passed, not before', async () => {
    let done = false;
    const waiting = sleep(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });

  it("rejects with the signal's reason as soon as it aborts, and leaves no timer behind", async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal).catch((error: unknown) => error);
    const reason = new Error('cancelled');
    controller.abort(reason);
    expect(await waiting).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once when the signal has already aborted', async () => {
    const reason = new Error('already');
    await expect(sleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });
});
