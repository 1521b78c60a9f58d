import { isApiError, type ApiError } from '../../src-shared/api/apiError';

/**
 * The ApiError inside whatever a call rejected with: the client's `ApiCallError` carries it in
 * `.error`; anything else (a bug, a dropped transport) is wrapped so it is still shown, never swallowed.
 */
export function apiErrorOf(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (typeof error === 'object' && error !== null && 'error' in error && isApiError((error as { error: unknown }).error)) {
    return (error as { error: ApiError }).error;
  }
  if (error instanceof Error) return { name: error.name, kind: error.name === 'AbortError' ? 'cancelled' : 'internal', shortMessage: error.message || 'Something went wrong' };
  return { name: 'UnknownError', kind: 'internal', shortMessage: String(error) };
}
