// Where a page's time goes, from a Chromium performance trace of one load: the page's renderer main thread,
// from its navigation to the painted frame the bench timed, split by what it ran (script, compiling, style and
// layout, painting, garbage collection, parsing) and the time it waited (the network, main, the node, the other
// core). The page bench prints this for a page that misses its target (the issue asks the report to say what
// the trace says the time is spent on).

/** One trace event as Chromium writes it (the fields this reads). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string } & Record<string, unknown>;
}

/** Milliseconds of the window by what the renderer's main thread did. */
export interface TraceBreakdown {
  /** The window: navigation start to the timed paint. */
  totalMs: number;
  scriptMs: number;
  compileMs: number;
  styleLayoutMs: number;
  paintMs: number;
  gcMs: number;
  parseMs: number;
  otherMs: number;
  /** No task on the main thread: waiting for the network, main, the node or the other core. */
  waitingMs: number;
}

/** The parts of a breakdown, in the words the report uses. */
export const BREAKDOWN_PARTS: [keyof Omit<TraceBreakdown, 'totalMs'>, string][] = [
  ['waitingMs', 'the renderer waiting (network, main, the node, the other core)'],
  ['scriptMs', 'running script'],
  ['compileMs', 'compiling script'],
  ['styleLayoutMs', 'style and layout'],
  ['paintMs', 'painting'],
  ['gcMs', 'garbage collection'],
  ['parseMs', 'parsing HTML and CSS'],
  ['otherMs', 'other work in the renderer’s tasks (loading, messages)'],
];

type Bucket = keyof Omit<TraceBreakdown, 'totalMs' | 'waitingMs'>;

/** What an event's own time counts as, by its name. */
function bucketOf(name: string): Bucket {
  if (/GC|Scavenge|Sweep|Mark(Compact)?/i.test(name) && !/^Layout/.test(name)) return 'gcMs';
  if (/compile|Compile|ParseFunction|parseOnBackground|ParseProgram|CodeCache/.test(name)) return 'compileMs';
  if (/^(UpdateLayoutTree|RecalcStyle|Layout|InvalidateLayout|ScheduleStyleRecalculation|HitTest|IntersectionObserverController)/.test(name)) return 'styleLayoutMs';
  if (/^(Paint|PrePaint|Layerize|Commit|UpdateLayer|CompositeLayers|PaintImage|Decode|RasterTask|UpdateLayerTree)/.test(name)) return 'paintMs';
  if (/^(ParseHTML|ParseAuthorStyleSheet)/.test(name)) return 'parseMs';
  if (/^(v8\.|V8\.|FunctionCall|EvaluateScript|TimerFire|FireAnimationFrame|RunMicrotasks|EventDispatch|FireIdleCallback|XHRReadyStateChange)/.test(name)) return 'scriptMs';
  return 'otherMs';
}

/**
 * The breakdown of `paintedMs` (performance.now() at the timed paint) after the navigation, on the renderer main
 * thread that ran the page: the `CrRendererMain` thread whose `navigationStart` names the document it loads (the
 * last such). Each event's own time (its duration less its children's) goes to its bucket; the window's time with no
 * task at all is waiting. Undefined when the trace has no such thread.
 */
export function traceBreakdown(events: readonly TraceEvent[], paintedMs: number): TraceBreakdown | undefined {
  const names = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name' && typeof event.args?.name === 'string') names.set(`${event.pid}:${event.tid}`, event.args.name);
  // The page's own navigation: the one that names the document it loads (a new window's about:blank names none).
  let best: { thread: string; start: number } | undefined;
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    const url = (event.args?.data as { documentLoaderURL?: unknown } | undefined)?.documentLoaderURL;
    if (event.name === 'navigationStart' && names.get(thread) === 'CrRendererMain' && typeof url === 'string' && url !== '' && (!best || event.ts > best.start)) best = { thread, start: event.ts };
  }
  if (!best) return undefined;
  const from = best.start;
  const to = from + paintedMs * 1000;
  const spans = events
    .filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === best.thread && event.ts < to && event.ts + (event.dur ?? 0) > from)
    .map((event) => ({ name: event.name, start: Math.max(event.ts, from), end: Math.min(event.ts + (event.dur ?? 0), to) }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const own: Record<Bucket, number> = { scriptMs: 0, compileMs: 0, styleLayoutMs: 0, paintMs: 0, gcMs: 0, parseMs: 0, otherMs: 0 };
  let busy = 0;
  // Nested spans: a stack of the open ones; a span's own time is its length less its direct children's.
  const stack: { name: string; end: number; children: number; start: number }[] = [];
  const close = (span: { name: string; end: number; children: number; start: number }) => {
    own[bucketOf(span.name)] += span.end - span.start - span.children;
    const parent = stack.at(-1);
    if (parent) parent.children += span.end - span.start;
    else busy += span.end - span.start;
  };
  for (const span of spans) {
    while (stack.length > 0 && stack.at(-1)!.end <= span.start) close(stack.pop()!);
    const parent = stack.at(-1);
    stack.push({ ...span, end: parent ? Math.min(span.end, parent.end) : span.end, children: 0 });
  }
  while (stack.length > 0) close(stack.pop()!);
  const ms = (us: number) => Math.max(0, us) / 1000;
  return {
    totalMs: paintedMs,
    scriptMs: ms(own.scriptMs),
    compileMs: ms(own.compileMs),
    styleLayoutMs: ms(own.styleLayoutMs),
    paintMs: ms(own.paintMs),
    gcMs: ms(own.gcMs),
    parseMs: ms(own.parseMs),
    otherMs: ms(own.otherMs),
    waitingMs: Math.max(0, paintedMs - ms(busy)),
  };
}

/** The categories the page bench records for {@link traceBreakdown}. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing', 'loading', 'toplevel'];

/** A breakdown in one line: the largest parts first. */
export function describeBreakdown(breakdown: TraceBreakdown): string {
  const parts = BREAKDOWN_PARTS.map(([key, words]) => ({ words, ms: breakdown[key] }))
    .filter((part) => part.ms >= 1)
    .sort((a, b) => b.ms - a.ms);
  return `${breakdown.totalMs.toFixed(0)} ms: ${parts.map((part) => `${part.words} ${part.ms.toFixed(0)} ms`).join(', ')}`;
}
