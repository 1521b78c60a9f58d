import { describe, expect, it } from 'vitest';
import { tickLabel, windowWords, withGaps, xRangeOf } from './historyAxis';

const UTC = { locale: 'en-US', timeZone: 'UTC' };
const NOW = Date.UTC(2026, 10, 26, 22, 4, 0) / 1000;

describe('the history chart’s time axis', () => {
  it('labels ticks with the time for an hour or a day, and the date for a week', () => {
    expect(tickLabel(NOW, 'hour', UTC)).toBe('10:04 PM');
    expect(tickLabel(NOW, 'day', UTC)).toBe('10:04 PM');
    expect(tickLabel(NOW, 'week', UTC)).toBe('Nov 26');
  });

  it('says the window in words, with both dates when it spans two days', () => {
    expect(windowWords(NOW - 3600, NOW, UTC)).toBe('From 9:04 PM to 10:04 PM, Nov 26');
    expect(windowWords(NOW - 86_400, NOW, UTC)).toBe('From Nov 25, 10:04 PM to Nov 26, 10:04 PM');
  });

  it('spans the whole window when uPlot auto-scales, and the selection when the person zooms', () => {
    const window = { from: NOW - 3600, to: NOW };
    const one = [NOW - 60];
    // uPlot widens a lone sample to a "day" of 86,400,000 units: on a scale of seconds, nearly three years.
    expect(xRangeOf(one, NOW - 60, NOW - 60 + 86_400_000, window), 'a lone sample').toEqual([NOW - 3600, NOW]);
    expect(xRangeOf([], null, null, window), 'no samples').toEqual([NOW - 3600, NOW]);
    const four = [NOW - 240, NOW - 180, NOW - 120, NOW - 60];
    expect(xRangeOf(four, NOW - 240, NOW - 60, window), 'four minutes of samples').toEqual([NOW - 3600, NOW]);
    expect(xRangeOf(four, NOW - 200.5, NOW - 100.25, window), 'a zoom').toEqual([NOW - 200.5, NOW - 100.25]);
  });

  it('leaves a stretch with no samples empty, and bridges the usual spacing', () => {
    const time = [0, 10, 20, 30, 400, 410];
    const [t, base] = withGaps(time, [[1, 2, 3, 4, 5, 6]], 5);
    expect(t).toEqual([0, 10, 20, 30, 215, 400, 410]);
    expect(base).toEqual([1, 2, 3, 4, null, 5, 6]);
    expect(withGaps([0, 10, 20], [[1, 2, 3]], 5)).toEqual([[0, 10, 20], [1, 2, 3]]);
  });
});
