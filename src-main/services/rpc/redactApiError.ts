// SECURITY: the last step before an error leaves the rpc service. Every text field, and the data as JSON, is
// run through `redactSecrets`; data that cannot be redacted safely is dropped rather than sent.
import type { ApiError } from '../../../src-shared/api/apiError';
import { redactSecrets } from '../secrets/redactSecrets';

/** `error` with every secret removed from its message, details, code and data. */
export function redactApiError(error: ApiError, secrets: readonly string[]): ApiError {
  const redact = (text: string) => redactSecrets(text, secrets);
  const result: ApiError = { name: redact(error.name), shortMessage: redact(error.shortMessage) };
  if (error.code !== undefined) result.code = typeof error.code === 'string' ? redact(error.code) : error.code;
  if (error.details !== undefined) result.details = redact(error.details);
  if (error.data !== undefined) {
    const data = redactData(error.data, secrets);
    if (data !== undefined) result.data = data;
  }
  return result;
}

/** JSON-safe, redacted copy of `data`; undefined when it is not JSON or redaction broke its JSON. */
export function redactData(data: unknown, secrets: readonly string[]): unknown {
  let json: string | undefined;
  try {
    json = JSON.stringify(data);
  } catch {
    return undefined; // cycles or bigints: not JSON-safe, not sent
  }
  if (json === undefined) return undefined;
  const redacted = redactSecrets(json, secrets);
  if (redacted === json) return JSON.parse(json) as unknown;
  try {
    return JSON.parse(redacted) as unknown;
  } catch {
    return undefined; // a "secret" that matched JSON syntax itself: drop the data rather than guess
  }
}
