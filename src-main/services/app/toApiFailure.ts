// SECURITY: every error a handler throws leaves through here: mapped to a plain ApiError and redacted with
// every secret main knows. A transport may redact again; this one must not rely on it.
import type { ApiError } from '../../../src-shared/api/apiError';
import { isApiError } from '../../../src-shared/api/apiError';
import { ApiFailure } from '../rpc/apiFailure';
import { ServiceError } from '../secrets/serviceError';

/**
 * The error a handler throws for `error`: service errors (`NetworkNotFoundError`, `KeychainUnavailableError`,
 * `SecretInStoreError`, …) and already mapped failures keep their name, code, message and details; anything
 * else becomes an `InternalError` with the first line of its message. Every text is passed through `redact`.
 */
export function toApiFailure(error: unknown, redact: (text: string) => string): ApiFailure {
  let plain: ApiError;
  if (error instanceof ServiceError || error instanceof ApiFailure) plain = error.toPlain();
  else if (isApiError(error) && !(error instanceof Error)) plain = error;
  else {
    const message = error instanceof Error ? error.message : String(error);
    plain = { name: 'InternalError', code: 'INTERNAL', shortMessage: `Something went wrong in Blockglass: ${message.split('\n')[0] ?? ''}`.trim() };
  }
  const result: ApiError = { name: redact(plain.name), shortMessage: redact(plain.shortMessage) };
  if (plain.code !== undefined) result.code = typeof plain.code === 'string' ? redact(plain.code) : plain.code;
  if (plain.details !== undefined) result.details = redact(plain.details);
  if (plain.data !== undefined) {
    const data = redactJson(plain.data, redact);
    if (data !== undefined) result.data = data;
  }
  return new ApiFailure(result);
}

/** `data` as redacted JSON; undefined when it is not JSON-safe or redaction broke its syntax (then it is not sent). */
function redactJson(data: unknown, redact: (text: string) => string): unknown {
  try {
    const json = JSON.stringify(data);
    return json === undefined ? undefined : (JSON.parse(redact(json)) as unknown);
  } catch {
    return undefined;
  }
}
