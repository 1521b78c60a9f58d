import crypto from 'node:crypto';

/**
 * A new per-launch access token: 32 random bytes, base64url (43 characters, all valid in a
 * `Sec-WebSocket-Protocol` value). It lives in this process's memory and the window's, nowhere else.
 */
export function createAccessToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}
