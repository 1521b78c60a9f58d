import { apiErrorToError } from '../errors/apiErrorToError';
import { thrownToApiError } from '../errors/thrownToApiError';

/**
 * The same handlers, each throwing only redacted errors: whatever a service throws is mapped by
 * `thrownToApiError` before it leaves. Keys and types are unchanged, so a missing handler stays a compile error.
 */
export function withErrorMapping<H extends Record<string, (...args: never[]) => Promise<unknown>>>(handlers: H, redact: (text: string) => string): H {
  const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (...args: never[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        throw apiErrorToError(thrownToApiError(error, redact));
      }
    };
  }
  return wrapped as H;
}
