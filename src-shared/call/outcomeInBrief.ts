import { formatUnits } from 'viem';
import type { DecodedArg, DecodedValue } from '../decoding/types';
import { shortHex } from '../text/shortHex';
import { countOf } from '../text/countOf';
import type { CallHistoryEntry, CallOutcome } from './types';
import { readableDecimal } from '../text/readableDecimal';

/** How long one value, and the whole line, may grow in the history before they are cut with "…". */
const VALUE_MAX = 66;
const LINE_MAX = 240;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A decoded value on one line: a number or text as it is, an array or a tuple as JSON. */
function valueText(value: DecodedValue): string {
  return cut(typeof value === 'string' || typeof value === 'boolean' ? String(value) : JSON.stringify(value), VALUE_MAX);
}

/** An output's value: a token amount in the token's units (`993,600,000 SUSD`), anything else as `valueText` says it. */
function argText(arg: DecodedArg): string {
  if (arg.units && typeof arg.value === 'string' && /^\d+$/.test(arg.value)) {
    return `${readableDecimal(formatUnits(BigInt(arg.value), arg.units.decimals))}${arg.units.symbol ? ` ${arg.units.symbol}` : ''}`;
  }
  return valueText(arg.value);
}

/** Return data too long to read on a line: its first bytes and its size. */
function rawText(returnData: string): string {
  const bytes = (returnData.length - 2) / 2;
  return `${bytes > 32 ? shortHex(returnData) : returnData} (${countOf(bytes, 'byte')}, not decoded)`;
}

/**
 * What a successful call returned, in one line for the history: `1000 (uint256)`, a token's amount in its units
 * (`993,600,000 SUSD (uint256)`); several outputs by name,
 * `balance: 1000 (uint256), frozen: false (bool)`; `nothing` for a function without outputs; the raw bytes
 * when no function was picked or they did not decode.
 */
export function returnedInBrief(outcome: Extract<CallOutcome, { ok: true }>): string {
  const { outputs, returnData } = outcome;
  if (outputs === null || outputs.status === 'raw') return returnData === '0x' ? 'no data' : rawText(returnData);
  if (outputs.args.length === 0) return 'nothing';
  // An output without a name of its own (`output0`) shows by its value and type alone.
  const named = (name: string) => name !== '' && !/^output\d+$/.test(name);
  const line = outputs.args.map((arg) => `${outputs.args.length > 1 && named(arg.name) ? `${arg.name}: ` : ''}${argText(arg)} (${arg.type})`).join(', ');
  return cut(line, LINE_MAX);
}

/**
 * A call's outcome as the history keeps it: what it returned, decoded (`result`), with the raw data; or the
 * error's message and, for a revert, its reason as decoded.
 */
export function outcomeInBrief(outcome: CallOutcome): CallHistoryEntry['summary'] {
  if (outcome.ok) return { ok: true, returnData: outcome.returnData, result: returnedInBrief(outcome) };
  return { ok: false, message: outcome.error.message, ...(outcome.revert ? { reason: outcome.revert.message } : {}) };
}
