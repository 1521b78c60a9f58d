// SECURITY: this is the only way an error leaves the main process. Do not loosen it: every string in
// the result (messages, details, data, even object keys) goes through `redact`, so an API key inside
// a URL or a node's error message never reaches the renderer.
import type { ApiError } from '../../../src-shared/api/apiError';
import { toJsonSafe } from './toJsonSafe';

const MAX_SHORT_MESSAGE = 1_000;
const MAX_DETAILS = 8_000;

/**
 * The plain, redacted `ApiError` for anything a handler threw: service errors and viem-style errors
 * keep their name, code, short message, details and data; other errors keep their name and first
 * line; anything else becomes a generic error.
 */
export function toApiError(thrown: unknown, redact: (text: string) => string): ApiError {
  const clean = (text: string, max: number) => redact(text.length > max ? `${text.slice(0, max)}…` : text);
  if (typeof thrown !== 'object' || thrown === null) {
    return { name: 'UnknownError', shortMessage: 'Something went wrong in the app.' };
  }
  const source = thrown as Record<string, unknown>;
  const name = typeof source.name === 'string' && source.name !== '' ? clean(source.name, 100) : 'Error';
  const shortMessage =
    typeof source.shortMessage === 'string' && source.shortMessage !== ''
      ? source.shortMessage
      : typeof source.message === 'string' && source.message !== ''
        ? firstLine(source.message)
        : 'Something went wrong in the app.';
  const error: ApiError = { name, shortMessage: clean(shortMessage, MAX_SHORT_MESSAGE) };
  const code = source.code;
  if (typeof code === 'string') error.code = clean(code, 100);
  else if (typeof code === 'number' && Number.isFinite(code)) error.code = code;
  if (typeof source.details === 'string' && source.details !== '') error.details = clean(source.details, MAX_DETAILS);
  if (source.data !== undefined) {
    const data = toJsonSafe(source.data, redact);
    if (data !== undefined) error.data = data;
  }
  return error;
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}
