import type { ApiError } from '../../src-shared/api/apiError';

/** What a failed `call` rejects with: `error` is the plain error main sent (display it; rebuild nothing from it). */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  /** The error as it crossed the boundary. */
  readonly error: ApiError;
  /** The contract method that failed. */
  readonly method: string;

  constructor(method: string, error: ApiError) {
    super(error.shortMessage);
    this.method = method;
    this.error = error;
  }
}
