// SECURITY: the one redactor of structured errors. Every text field goes through `redact`, and `data` is made
// JSON-safe with every string and key redacted (toJsonSafe). Do not add a field to the result without it.
import { isApiErrorFix, type ApiError } from '../../../src-shared/api/apiError';
import { isErrorCode } from '../../../src-shared/api/errorKinds';
import { showInput } from '../../../src-shared/text/quoteInput';
import { toJsonSafe } from './toJsonSafe';

const MAX_NAME = 100;
const MAX_SHORT_MESSAGE = 1_000;
const MAX_DETAILS = 8_000;

/** A text redactor: removes every secret main knows (`secrets/redactSecrets` over the known secrets). */
export type Redact = (text: string) => string;

/** Bidi controls, invisible and control characters and lone surrogates shown by their code (`\u{202E}`); lines kept. */
const neutralise = (text: string) => text.split('\n').map((line) => showInput(line, Number.POSITIVE_INFINITY)).join('\n');

/**
 * `error` with every secret removed from its name, message, details, code and data; long texts cut; in the message
 * and details, every character that could reorder or hide the text around it (input a store or node echoes back,
 * a cut through a surrogate pair) shown by its code. Redacted again after, in case showing one formed a secret.
 */
export function redactApiError(error: ApiError, redact: Redact): ApiError {
  // SECURITY: every field below is redacted; `nodeSaid` is a node's raw text, the likeliest to echo a key.
  const cut = (text: string, max: number) => redact(text.length > max ? `${text.slice(0, max)}…` : text);
  const clean = (text: string, max: number) => redact(neutralise(cut(text, max)));
  const result: ApiError = { name: cut(error.name, MAX_NAME), kind: error.kind, shortMessage: clean(error.shortMessage, MAX_SHORT_MESSAGE) };
  if (isErrorCode(error.code)) result.code = error.code;
  else if (typeof error.code === 'number' && Number.isFinite(error.code)) result.code = error.code;
  if (error.details !== undefined) result.details = clean(error.details, MAX_DETAILS);
  if (error.nodeSaid !== undefined) result.nodeSaid = clean(error.nodeSaid, MAX_DETAILS);
  if (error.data !== undefined) {
    const data = toJsonSafe(error.data, redact);
    if (data !== undefined) result.data = data;
  }
  // A fix is an app route and a label: kept only in that shape, its label cleaned like the message.
  if (isApiErrorFix(error.fix)) result.fix = { label: clean(error.fix.label, MAX_NAME * 2), route: error.fix.route };
  return result;
}
