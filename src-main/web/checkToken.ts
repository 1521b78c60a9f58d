// SECURITY: the per-launch token is what stops any other local program or page from using the API.
// Do not loosen it: compare in constant time, accept it only from the subprotocol header (never a URL).
import crypto from 'node:crypto';
import { API_SUBPROTOCOL, TOKEN_PROTOCOL_PREFIX } from '../../src-shared/api/apiSocket';

/** Why a `Sec-WebSocket-Protocol` header is or is not acceptable. */
export type TokenVerdict = 'ok' | 'no-subprotocol' | 'missing' | 'wrong';

/**
 * Checks the offered subprotocols (`blockglass, blockglass.<token>`): the API's own must be offered
 * and exactly one token must be, equal to `expected`. The comparison does not leak, by timing, how
 * much of the token was right (both sides are hashed to equal length first).
 */
export function checkToken(header: string | undefined, expected: string): TokenVerdict {
  const offered = (header ?? '').split(',').map((value) => value.trim()).filter((value) => value !== '');
  if (!offered.includes(API_SUBPROTOCOL)) return 'no-subprotocol';
  const tokens = offered.filter((value) => value.startsWith(TOKEN_PROTOCOL_PREFIX)).map((value) => value.slice(TOKEN_PROTOCOL_PREFIX.length));
  if (tokens.length === 0) return 'missing';
  if (tokens.length > 1 || expected === '') return 'wrong';
  const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest();
  return crypto.timingSafeEqual(digest(tokens[0]!), digest(expected)) ? 'ok' : 'wrong';
}
