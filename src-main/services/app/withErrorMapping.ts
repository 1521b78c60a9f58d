import { toApiFailure } from './toApiFailure';

/**
 * The same handlers, each throwing only redacted `ApiFailure`s: whatever a service throws is mapped by
 * `toApiFailure` before it leaves. Keys and types are unchanged, so a missing handler stays a compile error.
 */
export function withErrorMapping<H extends Record<string, (...args: never[]) => Promise<unknown>>>(handlers: H, redact: (text: string) => string): H {
  const wrapped: Record<string, (...args: never[]) => Promise<unknown>> = {};
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (...args: never[]) => {
      try {
        return await handler(...args);
      } catch (error) {
        throw toApiFailure(error, redact);
      }
    };
  }
  return wrapped as H;
}
