import { z } from 'zod';

/** A gwei decimal string as the sandbox writes it: no sign, no exponent, at most nine decimals, no trailing zeros. */
export const GWEI_STRING = /^(0|[1-9][0-9]*)(\.[0-9]{0,8}[1-9])?$/;

/** Hosted answers can carry more than nine decimals (sub-wei digits): any non-negative decimal. */
const LENIENT_GWEI_STRING = /^[0-9]+(\.[0-9]+)?$/;

/**
 * The fee suggestion object's fields: every field of the spec's table, with the gwei strings and wait times
 * checked as `strict` says (canonical strings and whole milliseconds for the sandbox's own answers; any decimal
 * for hosted ones).
 */
function feeSuggestionFields(strict: boolean) {
  const gwei = z.string().regex(strict ? GWEI_STRING : LENIENT_GWEI_STRING, 'expected a gwei decimal string');
  const waitMs = strict ? z.number().int().nonnegative() : z.number().nonnegative();
  const level = z.object({
    suggestedMaxPriorityFeePerGas: gwei,
    suggestedMaxFeePerGas: gwei,
    minWaitTimeEstimate: waitMs,
    maxWaitTimeEstimate: waitMs,
  });
  const range = z.tuple([gwei, gwei]);
  const trend = z.enum(['up', 'down', 'level']);
  return {
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
  };
}

/**
 * The fee suggestion object exactly as the sandbox serves it: every field of the spec's table, gwei strings
 * in canonical form, and the optional `version`. Hosted answers can have more than nine decimals: validate
 * those with {@link lenientFeeSuggestionSchema}.
 */
export const feeSuggestionSchema = z.strictObject(feeSuggestionFields(true));

/** A gas API's answer as the app accepts it: any decimal gwei, and fields this version does not know ignored. */
export const lenientFeeSuggestionSchema = z.object(feeSuggestionFields(false));
