// SECURITY: this is the only way an error leaves the main process. Do not loosen it: the result goes through
// `redactApiError`, so an API key inside a URL or a node's error message never reaches the renderer.
import type { ApiError } from '../../../src-shared/api/apiError';
import { BlockglassError, walkCauses } from './blockglassError';
import { redactApiError, type Redact } from './redactApiError';

const GENERIC = 'Something went wrong in the app.';

/**
 * The plain, redacted `ApiError` for anything thrown in main. A {@link BlockglassError}, also one found down
 * the cause chain (viem wraps what a client's transport throws), keeps its name, code, message, details and
 * data; other errors with viem's shape keep theirs; any other error keeps its name and first line.
 */
export function thrownToApiError(thrown: unknown, redact: Redact): ApiError {
  if (typeof thrown !== 'object' || thrown === null) return { name: 'UnknownError', shortMessage: GENERIC };
  const ours = walkCauses(thrown, (error) => error instanceof BlockglassError);
  const source = (ours ?? thrown) as Record<string, unknown>;
  const name = typeof source.name === 'string' && source.name !== '' ? source.name : 'Error';
  const shortMessage =
    typeof source.shortMessage === 'string' && source.shortMessage !== ''
      ? source.shortMessage
      : typeof source.message === 'string' && source.message !== ''
        ? firstLine(source.message)
        : GENERIC;
  const plain: ApiError = { name, shortMessage };
  if (typeof source.code === 'string' || typeof source.code === 'number') plain.code = source.code;
  if (typeof source.details === 'string' && source.details !== '') plain.details = source.details;
  if (source.data !== undefined) plain.data = source.data;
  if (source.fix !== undefined) plain.fix = source.fix as ApiError['fix']; // kept by redactApiError only if well formed
  return redactApiError(plain, redact);
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}
