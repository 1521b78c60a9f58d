import { useSyncExternalStore } from 'react';

/** One clock per period: every component that shows an age at that period re-renders on the same tick. */
interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setInterval>;
  /** The same two functions on every render (useSyncExternalStore subscribes again when its function changes). */
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();

function clockOf(ms: number): Clock {
  let clock = clocks.get(ms);
  if (!clock) {
    clock = { now: Date.now(), listeners: new Set(), subscribe: (listener) => subscribe(ms, listener), read: () => read(ms) };
    clocks.set(ms, clock);
  }
  return clock;
}

function subscribe(ms: number, listener: () => void): () => void {
  const clock = clockOf(ms);
  clock.listeners.add(listener);
  clock.timer ??= setInterval(() => {
    clock.now = Date.now();
    for (const each of clock.listeners) each();
  }, ms);
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size > 0 || clock.timer === undefined) return;
    clearInterval(clock.timer);
    clock.timer = undefined;
  };
}

/** How stale a stopped clock's time may be when a component first shows an age (ages are written to the second). */
const STOPPED_MS = 1000;

/**
 * The clock's time. While it is stopped (nobody shows an age) it is read afresh once it is a second old (or ahead:
 * the system clock was set back); not on every call, as one render reads it more than once and must get one value.
 */
function read(ms: number): number {
  const clock = clockOf(ms);
  if (clock.timer === undefined && Math.abs(Date.now() - clock.now) >= STOPPED_MS) clock.now = Date.now();
  return clock.now;
}

/**
 * The time now, renewed every `ms` so that ages stay true. Every component asking for the same period shares one
 * timer and re-renders on the same tick: a list of twenty ages is one render every five seconds, not twenty.
 */
export function useNow(ms = 5000): number {
  const clock = clockOf(ms);
  return useSyncExternalStore(clock.subscribe, clock.read, clock.read);
}
