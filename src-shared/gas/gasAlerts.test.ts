import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALERT_COOLDOWN_MS, alertQuietUntil, describeAlert, evaluateAlert, parseThreshold } from './gasAlerts';

describe('parseThreshold', () => {
  it.each([
    ['2', '2'],
    [' 0.5 ', '0.5'],
    ['.25', '0.25'],
    ['007', '7'],
    ['1.500', '1.5'],
    ['0.000000001', '0.000000001'],
    ['1000000', '1000000'],
    ['2 gwei', '2'],
  ])('accepts %j as %j gwei', (typed, gwei) => {
    expect(parseThreshold(typed)).toEqual({ ok: true, gwei });
  });

  it.each([
    ['', 'Enter a threshold in gwei, for example 2 or 0.5.'],
    ['   ', 'Enter a threshold in gwei, for example 2 or 0.5.'],
    ['-1', 'A threshold cannot be negative: fees are never below 0 gwei.'],
    ['1,5', 'Use a dot for decimals (0.5), not a comma.'],
    ['1e9', 'Write the threshold as a plain decimal (0.000001), not with an exponent.'],
    ['abc', '"abc" is not a number of gwei: use digits and at most one dot.'],
    ['1.2.3', '"1.2.3" is not a number of gwei: use digits and at most one dot.'],
    ['.', '"." is not a number of gwei: use digits and at most one dot.'],
    ['0', 'A threshold of 0 gwei can never be crossed downwards and is always crossed upwards: enter more than 0.'],
    ['0.0000000001', 'A gwei amount has at most nine decimals (1 wei is 0.000000001 gwei).'],
    ['1000001', 'A threshold above 1,000,000 gwei cannot be reached: enter a smaller one.'],
    ['1'.repeat(41), 'That threshold is too long: enter a number of gwei, for example 2 or 0.5.'],
    ['2 wei', '"2 wei" is not a number of gwei: use digits and at most one dot.'],
    // Quoted as quoteInput quotes: a bidi control or a lone surrogate is shown by its code, never sent raw.
    ['2\u202E3', '"2\\u{202E}3" is not a number of gwei: use digits and at most one dot.'],
    ['\uD800', '"\\u{D800}" is not a number of gwei: use digits and at most one dot.'],
  ])('refuses %j: %s', (typed, message) => {
    expect(parseThreshold(typed)).toEqual({ ok: false, message });
  });

  it('never throws, whatever is typed', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (typed) => {
      const result = parseThreshold(typed);
      expect(typeof result.ok).toBe('boolean');
    }));
  });
});

describe('evaluateAlert', () => {
  it('compares strictly, in wei', () => {
    expect(evaluateAlert({ direction: 'below', thresholdGwei: '2' }, '1.999999999')).toEqual({ met: true, fire: true, owed: false });
    expect(evaluateAlert({ direction: 'below', thresholdGwei: '2' }, '2')).toEqual({ met: false, fire: false, owed: false });
    expect(evaluateAlert({ direction: 'above', thresholdGwei: '2' }, '2.000000001')).toEqual({ met: true, fire: true, owed: false });
    expect(evaluateAlert({ direction: 'above', thresholdGwei: '2', met: true }, '3')).toEqual({ met: true, fire: false, owed: false });
  });

  it('fires exactly once per crossing into the condition, whatever the sequence of values', () => {
    fc.assert(
      fc.property(fc.constantFrom('below' as const, 'above' as const), fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 60 }), (direction, values) => {
        let met: boolean | undefined;
        let fired = 0;
        for (const value of values) {
          const result = evaluateAlert({ direction, thresholdGwei: '10', ...(met !== undefined ? { met } : {}) }, String(value));
          if (result.fire) fired += 1;
          met = result.met;
        }
        const sides = values.map((value) => (direction === 'below' ? value < 10 : value > 10));
        const entries = sides.filter((side, index) => side && (index === 0 || !sides[index - 1])).length;
        expect(fired).toBe(entries);
      }),
    );
  });

  it('stays quiet for the cooldown after it fires: an oscillating fee is told once, then again after the quiet if it still holds', () => {
    // A fee around 10 gwei, crossing every 45 s for 7.6 minutes (the six fires), then holding below.
    const start = Date.UTC(2026, 10, 29, 10, 0, 0);
    let state: { met?: boolean; owed?: boolean; lastFiredAt?: number } = {};
    const fires: number[] = [];
    const run = (at: number, value: string) => {
      const result = evaluateAlert({ direction: 'below', thresholdGwei: '10', ...state }, value, at);
      if (result.fire) fires.push(at);
      state = { met: result.met, owed: result.owed, ...(result.fire ? { lastFiredAt: at } : state.lastFiredAt !== undefined ? { lastFiredAt: state.lastFiredAt } : {}) };
    };
    for (let step = 0; step * 45_000 <= 456_000; step += 1) run(start + step * 45_000, step % 2 === 0 ? '9' : '11');
    expect(fires).toEqual([start]);
    run(start + ALERT_COOLDOWN_MS - 1000, '9');
    expect(fires).toHaveLength(1);
    run(start + ALERT_COOLDOWN_MS, '9'); // still below when the quiet ends: the crossing owed is told
    expect(fires).toEqual([start, start + ALERT_COOLDOWN_MS]);
  });

  it('does not fire while snoozed; a crossing owed is cleared when the figure goes back', () => {
    const now = Date.UTC(2026, 10, 29, 10, 0, 0);
    const snoozed = { direction: 'above' as const, thresholdGwei: '5', snoozedUntil: now + 3_600_000 };
    expect(evaluateAlert(snoozed, '6', now)).toEqual({ met: true, fire: false, owed: true });
    expect(evaluateAlert({ ...snoozed, met: true, owed: true }, '4', now + 60_000)).toEqual({ met: false, fire: false, owed: false });
    expect(evaluateAlert({ ...snoozed, met: true, owed: true }, '6', now + 3_600_000)).toEqual({ met: true, fire: true, owed: false });
    expect(alertQuietUntil({ snoozedUntil: now + 60_000, lastFiredAt: now - 60_000 }, now)).toEqual({ until: now - 60_000 + ALERT_COOLDOWN_MS, why: 'cooldown' });
    expect(alertQuietUntil({ snoozedUntil: now + 3_600_000, lastFiredAt: now - 60_000 }, now)).toEqual({ until: now + 3_600_000, why: 'snoozed' });
    expect(alertQuietUntil({ lastFiredAt: now - ALERT_COOLDOWN_MS }, now)).toBeUndefined();
  });

  it('describes an alert in words', () => {
    expect(describeAlert({ metric: 'medium', direction: 'below', thresholdGwei: '2' })).toBe('medium max fee below 2 gwei');
    expect(describeAlert({ metric: 'base', direction: 'above', thresholdGwei: '0.5' })).toBe('base fee above 0.5 gwei');
  });
});
