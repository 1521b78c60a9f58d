import { describe, expect, it } from 'vitest';
import { describeBreakdown, traceBreakdown, type TraceEvent } from './pageTrace';

const main = { pid: 1, tid: 1 };
const span = (name: string, startMs: number, ms: number, thread = main): TraceEvent => ({ name, ph: 'X', ts: 1_000 + startMs * 1000, dur: ms * 1000, ...thread });

describe('traceBreakdown', () => {
  const events: TraceEvent[] = [
    { name: 'thread_name', ph: 'M', ts: 0, ...main, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 2, args: { name: 'Compositor' } },
    { name: 'navigationStart', ph: 'R', ts: 500, pid: 2, tid: 1, args: { data: { documentLoaderURL: '' } } }, // a new window's about:blank
    { name: 'thread_name', ph: 'M', ts: 0, pid: 2, tid: 1, args: { name: 'CrRendererMain' } },
    { name: 'navigationStart', ph: 'R', ts: 1_000, ...main, args: { data: { documentLoaderURL: 'http://127.0.0.1:1/logs' } } },
    span('RunTask', 0, 10),
    span('v8.evaluateModule', 0, 6),
    span('V8.GC_SCAVENGER', 1, 1),
    span('Layout', 6, 2),
    span('RunTask', 20, 5),
    span('Paint', 20, 3),
    span('RunTask', 28, 4), // runs past the timed paint at 30 ms: counted up to it
    span('ParseHTML', 0, 9, { pid: 1, tid: 2 }), // another thread
  ];

  it("splits the page's main thread from navigation to the paint into its own work by kind and the time it waited", () => {
    expect(traceBreakdown(events, 30)).toEqual({
      totalMs: 30,
      scriptMs: 5,
      compileMs: 0,
      styleLayoutMs: 2,
      paintMs: 3,
      gcMs: 1,
      parseMs: 0,
      otherMs: 2 + 2 + 2, // the tasks' own time around their children, the last one cut at the paint
      waitingMs: 30 - 10 - 5 - 2,
    });
  });

  it('says the largest parts first, and nothing for a trace without the page', () => {
    expect(describeBreakdown(traceBreakdown(events, 30)!)).toBe('30 ms: the renderer waiting (network, main, the node, the other core) 13 ms, other work in the renderer’s tasks (loading, messages) 6 ms, running script 5 ms, painting 3 ms, style and layout 2 ms, garbage collection 1 ms');
    expect(traceBreakdown(events.filter((event) => event.name !== 'navigationStart'), 30)).toBeUndefined();
  });
});
