// SECURITY: the web host's per-launch token arrives in the URL fragment (never sent to a server,
// never in a Referer) and is kept in memory only. Do not store it (localStorage, sessionStorage,
// cookies) and do not put it in a URL that could be logged.

/** The shape of a token the web host makes: 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What the fragment held: the token (if well-formed) and whether the fragment must be removed from the address bar. */
export interface FragmentToken {
  token: string | undefined;
  /** True when the fragment mentioned a token at all, valid or not. */
  present: boolean;
}

/** Reads `#token=...` from a location's hash. */
export function readAccessToken(hash: string): FragmentToken {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  if (!params.has('token')) return { token: undefined, present: false };
  const token = params.get('token') ?? '';
  return { token: TOKEN_PATTERN.test(token) ? token : undefined, present: true };
}
