import type { FeeSuggestion } from './feeSuggestion';
import type { GasAlert, GasAlertMetric } from './gasTypes';
import { quoteInput } from '../text/quoteInput';
import { gweiToWei, weiToGwei } from './gwei';
import { groupDigits } from '../text/groupDigits';

// Gas alerts, pure: the threshold a person types, what an alert reads from a suggestion, and when it fires.

/** The highest threshold accepted: far above any fee a chain has charged (mainnet peaked near 2,000 gwei). */
export const MAX_THRESHOLD_GWEI = 1_000_000;

/**
 * After an alert fires it stays quiet this long: a fee that oscillates around a threshold (two alerts fired six
 * times in 7.6 minutes) is told once, and again only after the quiet, if it still holds.
 */
export const ALERT_COOLDOWN_MS = 15 * 60_000;

/** The longest snooze: a week. */
export const MAX_SNOOZE_MINUTES = 7 * 24 * 60;

/** How each metric is named in sentences. */
export const METRIC_NAMES: Record<GasAlertMetric, string> = {
  low: 'low max fee',
  medium: 'medium max fee',
  high: 'high max fee',
  base: 'base fee',
};

/** A threshold as typed, checked: the canonical gwei string, or why it is refused. */
export type ThresholdCheck = { ok: true; gwei: string } | { ok: false; message: string };

/** Checks a threshold typed in gwei (`2`, `0.5`, `1,5` is refused with the reason). */
export function parseThreshold(text: string): ThresholdCheck {
  // "2 gwei" is read as 2: the unit is the one asked for.
  const typed = text.trim().replace(/\s*gwei$/i, '');
  if (typed === '') return { ok: false, message: 'Enter a threshold in gwei, for example 2 or 0.5.' };
  if (typed.length > 40) return { ok: false, message: 'That threshold is too long: enter a number of gwei, for example 2 or 0.5.' };
  if (/^-/.test(typed)) return { ok: false, message: 'A threshold cannot be negative: fees are never below 0 gwei.' };
  if (/,/.test(typed)) return { ok: false, message: 'Use a dot for decimals (0.5), not a comma.' };
  if (/^[0-9.]+e[+-]?[0-9]*$/i.test(typed)) return { ok: false, message: 'Write the threshold as a plain decimal (0.000001), not with an exponent.' };
  if (!/^[0-9]*\.?[0-9]*$/.test(typed) || typed === '.') return { ok: false, message: `${quoteInput(typed)} is not a number of gwei: use digits and at most one dot.` };
  const [whole = '', fraction = ''] = typed.split('.');
  if (fraction.length > 9) return { ok: false, message: 'A gwei amount has at most nine decimals (1 wei is 0.000000001 gwei).' };
  const wei = gweiToWei(`${whole === '' ? '0' : whole.replace(/^0+(?=\d)/, '')}${fraction === '' ? '' : `.${fraction}`}`);
  if (wei === 0n) return { ok: false, message: 'A threshold of 0 gwei can never be crossed downwards and is always crossed upwards: enter more than 0.' };
  if (wei > gweiToWei(String(MAX_THRESHOLD_GWEI))) return { ok: false, message: `A threshold above ${groupDigits(MAX_THRESHOLD_GWEI)} gwei cannot be reached: enter a smaller one.` };
  return { ok: true, gwei: weiToGwei(wei) };
}

/** The figure an alert watches, in gwei, from a suggestion. */
export function metricValue(metric: GasAlertMetric, suggestion: FeeSuggestion): string {
  return metric === 'base' ? suggestion.estimatedBaseFee : suggestion[metric].suggestedMaxFeePerGas;
}

/** `medium max fee below 2 gwei`. */
export function describeAlert(alert: Pick<GasAlert, 'metric' | 'direction' | 'thresholdGwei'>): string {
  return `${METRIC_NAMES[alert.metric]} ${alert.direction} ${alert.thresholdGwei} gwei`;
}

/** Until when an alert is quiet at `now` (snoozed, or cooling down after it fired), and why; undefined when it is not. */
export function alertQuietUntil(alert: Pick<GasAlert, 'lastFiredAt' | 'snoozedUntil'>, now: number): { until: number; why: 'snoozed' | 'cooldown' } | undefined {
  const cooldown = alert.lastFiredAt !== undefined ? alert.lastFiredAt + ALERT_COOLDOWN_MS : undefined;
  const snoozed = alert.snoozedUntil !== undefined && alert.snoozedUntil > now ? alert.snoozedUntil : undefined;
  const cooling = cooldown !== undefined && cooldown > now ? cooldown : undefined;
  if (snoozed !== undefined && (cooling === undefined || snoozed >= cooling)) return { until: snoozed, why: 'snoozed' };
  return cooling !== undefined ? { until: cooling, why: 'cooldown' } : undefined;
}

/**
 * Whether a value meets an alert's condition (strictly below or above the threshold), and whether it fires now:
 * once when the condition becomes true (or is true at the first value seen), then not again until the value has
 * gone back across and crosses again; never while it is quiet (`now` within its cooldown or snooze). A crossing
 * made while quiet is `owed`: it fires once quiet ends if the condition still holds; going back across clears it.
 */
export function evaluateAlert(
  alert: Pick<GasAlert, 'direction' | 'thresholdGwei' | 'met' | 'owed' | 'lastFiredAt' | 'snoozedUntil'>,
  valueGwei: string,
  now: number = Date.now(),
): { met: boolean; fire: boolean; owed: boolean } {
  const value = gweiToWei(valueGwei);
  const threshold = gweiToWei(alert.thresholdGwei);
  const met = alert.direction === 'below' ? value < threshold : value > threshold;
  const crossing = met && (alert.met !== true || alert.owed === true);
  const quiet = alertQuietUntil(alert, now) !== undefined;
  return { met, fire: crossing && !quiet, owed: crossing && quiet };
}
