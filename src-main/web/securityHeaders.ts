// SECURITY: headers on every response of the web host. Do not loosen them: the page may load only
// its own files and talk only to its own origin (the API socket), and may not be framed.

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
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), hid=(), payment=()',
    'Cache-Control': CACHE_CONTROL[cache],
  };
}
