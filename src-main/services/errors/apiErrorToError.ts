import type { ApiError } from '../../../src-shared/api/apiError';
import { BlockglassError } from './blockglassError';

/**
 * A throwable {@link BlockglassError} carrying an already mapped and redacted `ApiError` (a failed JSON-RPC
 * call, a handler's refusal), with the same name, code, message, details and data, so that
 * `thrownToApiError` gives the same plain error back.
 */
export function apiErrorToError(plain: ApiError, cause?: unknown): BlockglassError {
  const error = new BlockglassError(plain.shortMessage, {
    kind: plain.kind,
    ...(plain.code !== undefined ? { code: plain.code } : {}),
    ...(plain.details !== undefined ? { details: plain.details } : {}),
    ...(plain.nodeSaid !== undefined ? { nodeSaid: plain.nodeSaid } : {}),
    ...(plain.data !== undefined ? { data: plain.data } : {}),
    ...(plain.fix !== undefined ? { fix: plain.fix } : {}),
    ...(cause !== undefined ? { cause } : {}),
  });
  error.name = plain.name;
  return error;
}

/** The plain `ApiError` fields of a {@link BlockglassError}, unredacted (for tests and in-process status views; leaving main goes through `thrownToApiError`). */
export function errorToApiError(error: BlockglassError): ApiError {
  return {
    name: error.name,
    kind: error.kind,
    shortMessage: error.shortMessage,
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.details !== undefined ? { details: error.details } : {}),
    ...(error.nodeSaid !== undefined ? { nodeSaid: error.nodeSaid } : {}),
    ...(error.data !== undefined ? { data: error.data } : {}),
    ...(error.fix !== undefined ? { fix: error.fix } : {}),
  };
}
