import type { GasRange } from '../../../src-shared/gas/gasTypes';

// The history chart's time axis: it always spans the window asked for (an hour, a day, a week ending now), with
// ticks far enough apart that their labels never meet, each formatted for the span, and gaps with no samples left
// empty rather than bridged by a line.

/** Where dates and times are written (the person's locale and zone by default; tests pin them). */
export interface TimeWords {
  locale?: string;
  timeZone?: string;
}

/** The tick steps (seconds) uPlot may pick from for each range: minutes for an hour, hours for a day, days for a week. */
export const TICK_STEPS: Record<GasRange, number[]> = {
  hour: [300, 600, 900, 1800],
  day: [3600, 7200, 10_800, 21_600, 43_200],
  week: [86_400, 172_800],
};

/** The least room (CSS px) between two ticks: wider than the widest label ("10:45 PM", "Nov 26"). */
export const TICK_SPACE = 84;

const timeOf = (words: TimeWords) => new Intl.DateTimeFormat(words.locale, { hour: 'numeric', minute: '2-digit', ...(words.timeZone ? { timeZone: words.timeZone } : {}) });
const dayOf = (words: TimeWords) => new Intl.DateTimeFormat(words.locale, { month: 'short', day: 'numeric', ...(words.timeZone ? { timeZone: words.timeZone } : {}) });

/** A tick's label: the time of day for an hour or a day, the date for a week. */
export function tickLabel(seconds: number, range: GasRange, words: TimeWords = {}): string {
  const at = new Date(seconds * 1000);
  return range === 'week' ? dayOf(words).format(at) : timeOf(words).format(at);
}

/** The window in words: `From 9:04 PM to 10:04 PM, Nov 26`, or with both dates when it spans two days. */
export function windowWords(from: number, to: number, words: TimeWords = {}): string {
  const start = new Date(from * 1000);
  const end = new Date(to * 1000);
  const time = timeOf(words);
  const day = dayOf(words);
  if (day.format(start) === day.format(end)) return `From ${time.format(start)} to ${time.format(end)}, ${day.format(end)}`;
  return `From ${day.format(start)}, ${time.format(start)} to ${day.format(end)}, ${time.format(end)}`;
}

/**
 * The x range to draw, given what uPlot asks for: the whole window when it auto-scales (from its data's first time
 * to its last, or, after a lone sample, to a "day" it counts in ms on a scale of seconds: years; or nothing at all),
 * the person's selection when they zoom in (which never starts exactly on the first sample).
 */
export function xRangeOf(times: ArrayLike<number>, min: number | null, max: number | null, window: { from: number; to: number }): [number, number] {
  const first = times.length > 0 ? times[0]! : null;
  const last = times.length > 0 ? times[times.length - 1]! : null;
  const auto = min === null || max === null || first === null || (min === first && (max === last || times.length === 1));
  return auto ? [window.from, window.to] : [min, max];
}

/**
 * Columns with a null between two samples further apart than the chart should bridge (four times the usual spacing,
 * and at least three buckets): uPlot then leaves that stretch empty.
 */
export function withGaps(time: readonly number[], series: readonly (readonly number[])[], bucketSeconds: number): [number[], ...(number | null)[][]] {
  const steps = time.slice(1).map((t, at) => t - time[at]!);
  const usual = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)] ?? 0;
  const limit = Math.max(usual * 4, bucketSeconds * 3);
  const outTime: number[] = [];
  const outSeries: (number | null)[][] = series.map(() => []);
  time.forEach((t, at) => {
    if (at > 0 && t - time[at - 1]! > limit) {
      outTime.push(Math.round((t + time[at - 1]!) / 2));
      outSeries.forEach((column) => column.push(null));
    }
    outTime.push(t);
    outSeries.forEach((column, index) => column.push(series[index]![at]!));
  });
  return [outTime, ...outSeries];
}
