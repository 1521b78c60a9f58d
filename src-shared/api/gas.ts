import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import { MAX_SNOOZE_MINUTES, parseThreshold } from '../gas/gasAlerts';
import { GAS_POLL_SECONDS, GAS_RETENTION_DAYS, type GasSettings } from '../gas/gasSettings';
import type { FiredGasAlert, GasAlert, GasBlocks, GasEvent, GasHistory } from '../gas/gasTypes';
import { method, topic } from './define';

// Area `gas`: the gas dashboard and its alerts. One poll per network in main, shared by every view that watches it.

export { GAS_POLL_SECONDS, GAS_RETENTION_DAYS, type GasSettings } from '../gas/gasSettings';

const thresholdSchema = z.string().transform((text, context) => {
  const checked = parseThreshold(text);
  if (!checked.ok) {
    context.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  }
  return checked.gwei;
});

/** The methods of area `gas`. */
export const gasMethods = {
  'gas.history': method<GasHistory>()({
    input: z.strictObject({ networkId: networkIdSchema, range: z.enum(['hour', 'day', 'week']), points: z.number().int().min(10).max(5000).optional() }),
    doc: "The stored samples of a network's chain over the last hour, day or week: base fee and the three levels, bucketed to at most `points` (default 720).",
  }),
  'gas.blocks': method<GasBlocks>()({
    input: z.strictObject({ networkId: networkIdSchema, count: z.number().int().min(2).max(1024).optional() }),
    doc: 'Base fee and gas-used ratio of each of the latest `count` blocks (default 100), from eth_feeHistory.',
  }),
  'gas.settings': method<GasSettings>()({ input: z.strictObject({}), doc: 'How often gas is polled, how long samples are kept, and the networks compared.' }),
  'gas.updateSettings': method<GasSettings>()({
    input: z.strictObject({
      pollSeconds: z
        .number({ message: 'The poll interval is a number of seconds.' })
        .int('The poll interval is a whole number of seconds.')
        .min(GAS_POLL_SECONDS.min, `Poll at most every ${GAS_POLL_SECONDS.min} seconds.`)
        .max(GAS_POLL_SECONDS.max, `Poll at least once an hour (${GAS_POLL_SECONDS.max} seconds).`)
        .optional(),
      retentionDays: z
        .number({ message: 'Keep samples for a number of days.' })
        .int('Keep samples for a whole number of days.')
        .min(GAS_RETENTION_DAYS.min, `Keep samples at least ${GAS_RETENTION_DAYS.min} day.`)
        .max(GAS_RETENTION_DAYS.max, `Keep samples at most ${GAS_RETENTION_DAYS.max} days.`)
        .optional(),
      compare: z.array(networkIdSchema).max(6, 'Compare at most six networks side by side.').optional(),
    }),
    doc: 'Changes the gas settings; answers all of them.',
  }),
  'gas.alerts': method<GasAlert[]>()({ input: z.strictObject({}), doc: 'Every gas alert, newest first.' }),
  'gas.addAlert': method<GasAlert>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      metric: z.enum(['low', 'medium', 'high', 'base'], { message: 'Choose what to watch: the low, medium or high max fee, or the base fee.' }),
      direction: z.enum(['below', 'above'], { message: 'Choose below or above.' }),
      threshold: thresholdSchema,
    }),
    doc: 'Adds an alert: tell me when a figure goes below (or above) a threshold in gwei. Bad thresholds are refused with the reason.',
  }),
  'gas.deleteAlert': method<{ deleted: boolean }>()({ input: z.strictObject({ id: z.number().int().positive() }), doc: 'Deletes an alert (what it fired stays in the list).' }),
  'gas.snoozeAlert': method<GasAlert>()({
    input: z.strictObject({
      id: z.number().int().positive(),
      minutes: z.number().int('Snooze for whole minutes.').min(0, 'Snooze for 0 minutes (wake it) or more.').max(MAX_SNOOZE_MINUTES, 'Snooze for at most a week.'),
    }),
    doc: 'Snoozes an alert for some minutes from now (0 wakes it): it fires nothing meanwhile, and a crossing made meanwhile is told when it wakes if it still holds. Each alert also keeps quiet for ALERT_COOLDOWN_MS after it fires.',
  }),
  'gas.firedAlerts': method<FiredGasAlert[]>()({
    input: z.strictObject({ limit: z.number().int().min(1).max(500).optional() }),
    doc: 'Alerts that fired, newest first (default 50).',
  }),
} as const;

/** The subscriptions of area `gas`. */
export const gasTopics = {
  'gas.watch': topic<GasEvent>()({
    mode: 'live',
    input: z.strictObject({ networkId: networkIdSchema }),
    doc: "A network's gas, one snapshot per poll (gas API, or the local estimate from fee history where it has none or it fails), with the next blocks' base fee and the alerts each poll fired. Polls run only while someone watches.",
  }),
} as const;
