import { isApiError } from '../../../../src-shared/api/apiError';
import { isErrorCode } from '../../../../src-shared/api/errorKinds';
import { isUnsafeCharacter } from '../../../../src-shared/text/unsafeCharacter';

// What a refusal must be, whatever the input: an ApiError of a kind, with a code the contract declares
// (src-shared/api/errorKinds.ts) or a node's integer code, and a sentence
// for a person that is specific (not the catch-all, not a JS exception's text), that echoes no invisible or
// direction-changing character and no megabyte of input.

/** The catch-all of `thrownToApiError`, and other words that say nothing about what went wrong. */
const VAGUE = [/^Something went wrong/i, /internal (server )?error/i, /\[object \w+\]/, /^Error$/i, /^undefined$|^null$/];
/** Names of JavaScript's own exceptions: a handler let one escape instead of saying what was wrong. */
const RAW_EXCEPTIONS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'URIError', 'EvalError', 'AggregateError', 'UnknownError']);
const STACK = /\n\s+at |\bat \S+ \(\S+:\d+:\d+\)|node:internal|\.tsx?:\d+:\d+/;
/** A sentence this long or longer quotes far more input than a person can read. */
const MAX_MESSAGE_CHARS = 1500;

/** Text outside the quotes a message puts around input ("…", “…”), where JS words must not appear. */
function unquoted(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/“[^”]*”/g, '“”');
}

function textProblem(text: string, field: string): string | undefined {
  if (text.trim() === '') return `${field} is empty`;
  for (const pattern of VAGUE) if (pattern.test(text)) return `${field} is vague: ${JSON.stringify(text.slice(0, 200))}`;
  if (STACK.test(text)) return `${field} carries a stack trace: ${JSON.stringify(text.slice(0, 200))}`;
  if (/\bundefined\b|\bNaN\b/.test(unquoted(text))) return `${field} says undefined or NaN: ${JSON.stringify(text.slice(0, 200))}`;
  if (text.length > MAX_MESSAGE_CHARS) return `${field} is ${text.length} characters long`;
  for (const char of text) if (char !== '\n' && isUnsafeCharacter(char)) return `${field} holds U+${char.codePointAt(0)!.toString(16).toUpperCase()} unescaped: ${JSON.stringify(text.slice(0, 200))}`;
  return undefined;
}

/** Why `error` is not a specific refusal, or undefined when it is one. */
export function apiErrorProblem(error: unknown): string | undefined {
  if (!isApiError(error)) return `not an ApiError: ${String(error)}`;
  if (RAW_EXCEPTIONS.has(error.name)) return `a raw ${error.name}: ${JSON.stringify(error.shortMessage.slice(0, 200))}`;
  if (error.code === undefined) return `no code (${error.name}: ${JSON.stringify(error.shortMessage.slice(0, 200))})`;
  if (typeof error.code === 'number' ? !Number.isInteger(error.code) : !isErrorCode(error.code)) return `an unknown code ${JSON.stringify(error.code)} (${error.name})`;
  return textProblem(error.shortMessage, 'shortMessage') ?? (error.details === undefined ? undefined : textProblem(error.details, 'details'));
}
