import { quoteInput } from '../text/quoteInput';

/** One schema issue, as zod reports it (`keys` on an `unrecognized_keys` issue). */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: unknown;
  /** The type an `invalid_type` issue wanted. */
  expected?: unknown;
}

/** Issues sent back at most; a thousand bad items need not make a thousand messages. */
const MAX_ISSUES = 20;

/**
 * Issues summarised for a log line: codes and paths only. Messages and unknown keys are left out
 * because they can echo what the renderer sent, and inputs may hold keys.
 */
export function describeIssues(issues: readonly SchemaIssue[]): string {
  const shown = issues.slice(0, 5).map((issue) => `${issue.code} at ${describePath(issue.path)}`);
  if (issues.length > shown.length) shown.push(`and ${issues.length - shown.length} more`);
  return shown.join('; ');
}

/**
 * Issues as `invalidInputError` takes them: path segments as strings or numbers. What echoes the
 * input goes through `quoteInput` (cut, controls and bidi shown by code): unknown keys, which zod
 * quotes in full, and path segments that are not the schema's own names (record keys).
 */
export function plainIssues(issues: readonly SchemaIssue[]): { path: (string | number)[]; message: string }[] {
  return issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: issue.path.map((segment) => (typeof segment === 'number' ? segment : isNameLike(String(segment)) ? String(segment) : quoteInput(String(segment)))),
    message: issue.code === 'unrecognized_keys' && Array.isArray(issue.keys) ? unknownKeys(issue.keys) : (missingValue(issue) ?? issue.message),
  }));
}

/** zod says a missing field was "received undefined", a JavaScript word: a person is told what is required. */
function missingValue(issue: SchemaIssue): string | undefined {
  if (issue.code !== 'invalid_type' || typeof issue.expected !== 'string' || !/received undefined$/.test(issue.message)) return undefined;
  return `Required: expected ${issue.expected}, but nothing was given.`;
}

function isNameLike(segment: string): boolean {
  return /^[A-Za-z_][\w-]{0,63}$/.test(segment);
}

function unknownKeys(keys: readonly unknown[]): string {
  const shown = keys.slice(0, 3).map((key) => quoteInput(String(key)));
  const more = keys.length > shown.length ? ` and ${keys.length - shown.length} more` : '';
  return `Unrecognized key${keys.length === 1 ? '' : 's'}: ${shown.join(', ')}${more}`;
}

function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  // Paths come from the schema's shape, except record keys: anything not name-like is hidden.
  return path.map((segment) => (typeof segment === 'number' || (typeof segment === 'string' && /^[A-Za-z_][\w]{0,40}$/.test(segment)) ? segment : '?')).join('.');
}
