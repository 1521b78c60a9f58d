// SECURITY: the web host's per-launch token arrives in the URL fragment (never sent to a server,
// never in a Referer). It is kept in memory and in this tab's sessionStorage only, so a reload (F5) of
// the tab keeps working: sessionStorage belongs to this tab and this origin (127.0.0.1 and the host's
// port of this launch), and ends with the tab. Never localStorage or cookies (shared by every tab and
// kept after the host is gone), and never in a URL that could be logged.

/** The shape of a token the web host makes: 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What the fragment held: the token (if well-formed) and whether the fragment must be removed from the address bar. */
export interface FragmentToken {
  token: string | undefined;
  /** True when the fragment mentioned a token at all, valid or not. */
  present: boolean;
}

/** Where this tab keeps the token across a reload. */
export const TOKEN_STORAGE_KEY = 'blockglass.accessToken';

/** True for a string shaped as the web host's token. */
export const isAccessToken = (value: string | null | undefined): value is string => typeof value === 'string' && TOKEN_PATTERN.test(value);

/** Reads `#token=...` from a location's hash. */
export function readAccessToken(hash: string): FragmentToken {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  if (!params.has('token')) return { token: undefined, present: false };
  const token = params.get('token') ?? '';
  return { token: TOKEN_PATTERN.test(token) ? token : undefined, present: true };
}
