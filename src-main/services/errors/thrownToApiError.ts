// SECURITY: this is the only way an error leaves the main process. Do not loosen it: the result goes through
// `redactApiError`, so an API key inside a URL or a node's error message never reaches the renderer.
import { isApiErrorFix, type ApiError } from '../../../src-shared/api/apiError';
import { isErrorCode, isErrorKind } from '../../../src-shared/api/errorKinds';
import { BlockglassError, walkCauses } from './blockglassError';
import { redactApiError, type Redact } from './redactApiError';

const GENERIC = 'Something went wrong in the app.';

/**
 * The plain, redacted `ApiError` for anything thrown in main. A {@link BlockglassError}, also one found down
 * the cause chain (viem wraps what a client's transport throws), keeps its name, kind, code, message, details
 * and data; other errors with viem's shape keep their messages and are of kind `internal` (a declared code or an
 * integer one kept); any other error keeps its name and first line.
 */
export function thrownToApiError(thrown: unknown, redact: Redact): ApiError {
  return redactApiError(plainOf(thrown), redact);
}

/**
 * {@link thrownToApiError} without the secrets, for an error a service puts in what it emits (a gas poll that
 * failed, a health report): its texts are cut and cleaned the same way, and it leaves through the dispatcher's
 * door (`api/redactOutgoing.ts`), which removes the secrets there.
 */
export function toApiError(thrown: unknown): ApiError {
  return redactApiError(plainOf(thrown), (text) => text);
}

/** The plain fields of anything thrown, as they are. */
function plainOf(thrown: unknown): ApiError {
  if (typeof thrown !== 'object' || thrown === null) return { name: 'UnknownError', kind: 'internal', shortMessage: GENERIC };
  const ours = walkCauses(thrown, (error) => error instanceof BlockglassError);
  const source = (ours ?? thrown) as Record<string, unknown>;
  const name = typeof source.name === 'string' && source.name !== '' ? source.name : 'Error';
  const shortMessage =
    typeof source.shortMessage === 'string' && source.shortMessage !== ''
      ? source.shortMessage
      : typeof source.message === 'string' && source.message !== ''
        ? firstLine(source.message)
        : GENERIC;
  // A kind only from our own errors (and a cancellation's name); anything else is a fault of the app.
  const kind = isErrorKind(source.kind) ? source.kind : name === 'AbortError' ? 'cancelled' : 'internal';
  const plain: ApiError = { name, kind, shortMessage };
  if (isErrorCode(source.code) || (typeof source.code === 'number' && Number.isInteger(source.code))) plain.code = source.code;
  if (typeof source.details === 'string' && source.details !== '') plain.details = source.details;
  if (typeof source.nodeSaid === 'string' && source.nodeSaid !== '') plain.nodeSaid = source.nodeSaid;
  if (source.data !== undefined) plain.data = source.data;
  if (isApiErrorFix(source.fix)) plain.fix = source.fix;
  return plain;
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}
