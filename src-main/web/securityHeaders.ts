// SECURITY: headers on every response of the web host. Do not loosen them: the page may load only
// its own files and talk only to its own origin (the API socket), and may not be framed.
// No Cross-Origin-Opener-Policy, deliberately: the page opens no other window and nothing of it is worth a handle
// to it (the API wants the token, which only the window opened with it holds), and other sites are in other
// processes by site isolation; yet `same-origin` made every new window's first page start a second renderer
// process (a new browsing context group) after its answer came, on the path of every cold load
// (docs/design-notes.md, "No Cross-Origin-Opener-Policy").

/**
 * The page's Content Security Policy. `connect-src 'self'` covers the same-origin `ws:` API socket;
 * inline styles are allowed because React's `style` props need them (no inline scripts are).
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** How long a response may be cached: never (the page, errors), for good (hashed assets), or revalidated. */
export type CachePolicy = 'no-store' | 'immutable' | 'revalidate';

const CACHE_CONTROL: Record<CachePolicy, string> = {
  'no-store': 'no-store',
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
};

/** The security headers of every response, with its cache policy. */
export function securityHeaders(cache: CachePolicy): Record<string, string> {
  return {
    'Content-Security-Policy': WEB_CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=()',
    'Cache-Control': CACHE_CONTROL[cache],
  };
}
