import fs from 'node:fs';
import path from 'node:path';
import { isApiError } from '../../../../src-shared/api/apiError';
import { isUnsafeCharacter } from '../../../../src-shared/text/unsafeCharacter';

// What a refusal must be, whatever the input: an ApiError with a code the code base declares and a sentence
// for a person that is specific (not the catch-all, not a JS exception's text), that echoes no invisible or
// direction-changing character and no megabyte of input.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DECLARED_CODE = /\bcode:\s*['"]([A-Za-z][A-Za-z0-9_]*)['"]|\bcode\s*=\s*['"]([A-Za-z][A-Za-z0-9_]*)['"]/g;
/** A union of codes: `type ContentErrorCode = 'NO_STORE' | 'UNREACHABLE' | …;`. */
const CODE_UNION = /\btype \w*Code\s*=([^;]+);/g;

/** Every string error code written in the app's source (`code: 'NETWORK_NOT_FOUND'`, unions of `…Code` types), the dispatcher's and the client's included. */
export function declaredErrorCodes(): Set<string> {
  const codes = new Set<string>();
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = fs.readFileSync(file, 'utf8');
        for (const match of text.matchAll(DECLARED_CODE)) codes.add(match[1] ?? match[2]!);
        for (const union of text.matchAll(CODE_UNION)) for (const member of union[1]!.matchAll(/'([A-Za-z][A-Za-z0-9_]*)'/g)) codes.add(member[1]!);
      }
    }
  };
  for (const folder of ['src-main/services', 'src-shared', 'src-renderer/api']) visit(path.join(ROOT, folder));
  codes.delete('custom'); // zod's issue code, not an error code
  return codes;
}

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
export function apiErrorProblem(error: unknown, codes: ReadonlySet<string>): string | undefined {
  if (!isApiError(error)) return `not an ApiError: ${String(error)}`;
  if (RAW_EXCEPTIONS.has(error.name)) return `a raw ${error.name}: ${JSON.stringify(error.shortMessage.slice(0, 200))}`;
  if (error.code === undefined) return `no code (${error.name}: ${JSON.stringify(error.shortMessage.slice(0, 200))})`;
  if (typeof error.code === 'number' ? !Number.isInteger(error.code) : !codes.has(error.code)) return `an unknown code ${JSON.stringify(error.code)} (${error.name})`;
  return textProblem(error.shortMessage, 'shortMessage') ?? (error.details === undefined ? undefined : textProblem(error.details, 'details'));
}
