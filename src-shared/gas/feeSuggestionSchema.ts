import { z } from 'zod';

/** A gwei decimal string as the sandbox writes it: no sign, no exponent, at most nine decimals, no trailing zeros. */
export const GWEI_STRING = /^(0|[1-9][0-9]*)(\.[0-9]{0,8}[1-9])?$/;

const gwei = z.string().regex(GWEI_STRING, 'expected a gwei decimal string');
const waitMs = z.number().int().nonnegative();
const level = z.object({
  suggestedMaxPriorityFeePerGas: gwei,
  suggestedMaxFeePerGas: gwei,
  minWaitTimeEstimate: waitMs,
  maxWaitTimeEstimate: waitMs,
});
const range = z.tuple([gwei, gwei]);
const trend = z.enum(['up', 'down', 'level']);

/**
 * The fee suggestion object exactly as the sandbox serves it: every field of the spec's table, gwei strings
 * in canonical form, and the optional `version`. Hosted answers can have more than nine decimals: validate
 * those with a looser schema.
 */
export const feeSuggestionSchema = z.strictObject({
  low: level,
  medium: level,
  high: level,
  estimatedBaseFee: gwei,
  networkCongestion: z.number().min(0).max(1),
  latestPriorityFeeRange: range,
  historicalPriorityFeeRange: range,
  historicalBaseFeeRange: range,
  priorityFeeTrend: trend,
  baseFeeTrend: trend,
  version: z.string().optional(),
});
