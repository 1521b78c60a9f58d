import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles, PRELOAD_WAIT_MS, type PageRequests } from './preloadScreens';

/** The page's requests, moved by the test. */
function requestsInFlight(count: number) {
  const listeners = new Set<() => void>();
  const requests: PageRequests & { set(n: number): void; listeners: Set<() => void> } = {
    inFlight: () => count,
    onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    set(n) {
      count = n;
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
  return requests;
}

// The window's idle moments and the wait's timer are fake timers (requestIdleCallback left out: the 200 ms fallback).
describe('the screens preload waits for the page it opened', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const win = () => ({ setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout }) as unknown as Window;

  it('starts at the first idle moment when the page asks for nothing', () => {
    const then = vi.fn();
    afterPageSettles(requestsInFlight(0), then, win());
    vi.advanceTimersByTime(399);
    expect(then).not.toHaveBeenCalled(); // two idle moments: one to look, one to load
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
  });

  it("waits for the page's answers, then an idle moment, and stops listening", () => {
    const then = vi.fn();
    const requests = requestsInFlight(2);
    afterPageSettles(requests, then, win());
    vi.advanceTimersByTime(1000);
    requests.set(1);
    vi.advanceTimersByTime(1000);
    expect(then).not.toHaveBeenCalled();
    requests.set(0);
    expect(requests.listeners.size).toBe(0);
    vi.advanceTimersByTime(200);
    expect(then).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(PRELOAD_WAIT_MS * 2);
    expect(then).toHaveBeenCalledOnce(); // the give-up timer was cleared
  });

  it('waits no longer than PRELOAD_WAIT_MS for a request that never ends', () => {
    const then = vi.fn();
    const requests = requestsInFlight(1);
    afterPageSettles(requests, then, win());
    vi.advanceTimersByTime(PRELOAD_WAIT_MS + 199);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledOnce();
    expect(requests.listeners.size).toBe(0);
  });
});
