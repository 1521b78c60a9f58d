import type { ApiError } from '../../../src-shared/api/apiError';

/**
 * A failure already mapped to an ApiError and redacted (a failed JSON-RPC call, a refused handler call):
 * thrown inside main, sent across the boundary as `toPlain()`. Its own fields are the ApiError's, so it also
 * passes `isApiError` and any transport that reads `name`, `code`, `shortMessage`, `details` and `data`.
 */
export class ApiFailure extends Error {
  readonly shortMessage: string;
  readonly code: number | string | undefined;
  readonly details: string | undefined;
  readonly data: unknown;
  readonly #plain: ApiError;

  constructor(apiError: ApiError) {
    super(apiError.details ? `${apiError.shortMessage}\n\nDetails: ${apiError.details}` : apiError.shortMessage);
    this.name = apiError.name;
    this.shortMessage = apiError.shortMessage;
    this.code = apiError.code;
    this.details = apiError.details;
    this.data = apiError.data;
    this.#plain = apiError;
  }

  /** The JSON-safe error for the renderer. */
  toPlain(): ApiError {
    return { ...this.#plain };
  }
}
