import type { ErrorCode, ErrorKind } from './errorKinds';
import { isErrorKind } from './errorKinds';

/**
 * An error as it crosses the API boundary: a plain, JSON-safe object in the style of viem's
 * errors. `shortMessage` and `details` are the app's words (what happened, what to do), free of class names,
 * codes and a node's raw text; those are `name`, `code` and `nodeSaid`, which a page shows behind "Details". Classes do not survive IPC or WebSocket; the renderer only displays these, never
 * rebuilds behaviour from them. The API key is redacted from every field before it is sent.
 */
export interface ApiError {
  /** Error class name on the main side, e.g. `KeychainUnavailableError`, `InvalidInputError`: for Details only, never branched on. */
  name: string;
  /** What kind of failure it is (errorKinds.ts): what the renderer and the services branch on. */
  kind: ErrorKind;
  /** Which case of its kind: a declared code (errorKinds.ts), or a node's JSON-RPC code or an HTTP status. */
  code?: ErrorCode | number;
  /** One sentence for a person. */
  shortMessage: string;
  /** More detail for a person: what to do about it, in the app's words. */
  details?: string;
  /** The node's or service's own words (its error message, its answer's text), as sent: shown only behind Details. */
  nodeSaid?: string;
  /** Structured extra data (e.g. the fields that failed validation). JSON-safe. */
  data?: unknown;
  /** Where in the app it is put right (a missing key: the keys page), shown as a link after the details. */
  fix?: ApiErrorFix;
}

/** A place in the app where the cause of an error is put right: an app route (`/settings/keys`) and its link's text. */
export interface ApiErrorFix {
  label: string;
  /** An app route: `/` then letters, digits, `-`, `_` and single `/` only (no origin, query or fragment). */
  route: string;
}

/** Whether a value is a well-formed {@link ApiErrorFix}: a short label and an app route, nothing else. */
export function isApiErrorFix(value: unknown): value is ApiErrorFix {
  if (typeof value !== 'object' || value === null) return false;
  const { label, route } = value as Partial<ApiErrorFix>;
  return typeof label === 'string' && label.length > 0 && label.length <= 200 && typeof route === 'string' && /^\/[\w\-/]{0,200}$/.test(route) && !route.includes('//');
}

/** Builds the error sent when a call's input does not match its schema. */
export function invalidInputError(method: string, issues: { path: (string | number)[]; message: string }[]): ApiError {
  const first = issues[0];
  const where = first && first.path.length > 0 ? ` (${first.path.join('.')})` : '';
  return {
    name: 'InvalidInputError',
    kind: 'invalidInput',
    code: 'invalid_input',
    shortMessage: `Invalid input for ${method}${where}: ${first?.message ?? 'does not match the contract'}`,
    data: { issues: issues.map((issue) => ({ path: issue.path, message: issue.message })) },
  };
}

/** Whether a value has the shape of an {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).name === 'string' && isErrorKind((value as ApiError).kind) && typeof (value as ApiError).shortMessage === 'string';
}
