/*
 * SECURITY: the content store's credential check. Every command goes through it; the answer must not
 * tell more than "missing" or "invalid", must never echo the credentials, and nothing here may log them.
 */

/** The outcome of reading HTTP basic credentials. */
export type AuthResult = 'ok' | 'missing' | 'invalid';

/** Checks an `Authorization: Basic base64(KEY:SECRET)` header with the supplied constant-time verifier. */
export function checkBasicAuth(header: string | undefined, verifySecret: (key: string, secret: string) => boolean): AuthResult {
  if (header === undefined || header === '') return 'missing';
  const match = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return 'invalid';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return 'invalid';
  return verifySecret(decoded.slice(0, colon), decoded.slice(colon + 1)) ? 'ok' : 'invalid';
}

/** The 401 answer. A chosen form: plain text with `WWW-Authenticate`, like the hosted gateway's other 401s (not Kubo JSON). */
export function authRefusal(result: Exclude<AuthResult, 'ok'>): { headers: Record<string, string>; body: string } {
  return {
    headers: { 'www-authenticate': 'Basic realm="Auth failure, invalid project id or project secret"' },
    body: result === 'missing' ? 'project id and project secret required (HTTP basic auth)' : 'invalid project id or project secret',
  };
}
