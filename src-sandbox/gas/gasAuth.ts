// SECURITY: credential checks of the gas-fee interface. Keys and secrets are compared only through the
// constant-time checks the caller supplies; nothing here logs or echoes them. Do not add a path that lets a
// request through without a valid key, or with a wrong secret.

/** The sandbox's credential checks (constant-time, supplied by the key store). */
export interface GasKeyChecks {
  isValidKey: (key: string) => boolean;
  verifySecret: (key: string, secret: string) => boolean;
}

/** The outcome of checking a request's credentials; `reason` is safe to send back (it never quotes them). */
export type GasAuthResult = { ok: true } | { ok: false; reason: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Checks HTTP basic credentials `KEY:SECRET` and/or a key in the path. The secret is optional (as on the hosted
 * service): `KEY:` and `KEY` alone pass when the key is valid; a secret that is sent must be right. With the key
 * in the path an Authorization header is optional; if one is sent too, it must be valid and name the same key,
 * so no credential that is sent is ever ignored.
 */
export function checkGasCredentials(authorization: string | undefined, pathKey: string | undefined, checks: GasKeyChecks): GasAuthResult {
  if (pathKey !== undefined) {
    if (pathKey === '') return { ok: false, reason: 'missing API key in the path /v3/<KEY>/networks/<chainId>/suggestedGasFees' };
    if (!checks.isValidKey(pathKey)) return { ok: false, reason: 'invalid API key' };
    if (authorization === undefined) return { ok: true };
  }
  if (authorization === undefined) {
    return {
      ok: false,
      reason: 'missing credentials: send HTTP basic auth KEY:SECRET (the secret is optional) or put the key in the path /v3/<KEY>/networks/<chainId>/suggestedGasFees',
    };
  }
  const basic = parseBasic(authorization);
  if (!basic) return { ok: false, reason: 'malformed Authorization header: expected "Basic " and base64 of KEY:SECRET' };
  if (basic.key === '') return { ok: false, reason: 'missing API key in the basic credentials' };
  if (basic.secret === '') {
    if (!checks.isValidKey(basic.key)) return { ok: false, reason: 'invalid API key' };
  } else if (!checks.verifySecret(basic.key, basic.secret)) {
    return { ok: false, reason: checks.isValidKey(basic.key) ? 'invalid API key secret' : 'invalid API key' };
  }
  if (pathKey !== undefined && basic.key !== pathKey) return { ok: false, reason: 'the path and the basic credentials name different API keys' };
  return { ok: true };
}

/** Splits `Basic base64(KEY[:SECRET])`; the secret is '' when absent. Undefined when the header is not basic auth. */
function parseBasic(header: string): { key: string; secret: string } | undefined {
  const match = /^Basic +(\S+) *$/i.exec(header);
  if (!match || !BASE64.test(match[1]!) || match[1]!.length % 4 !== 0) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { key: decoded, secret: '' } : { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
