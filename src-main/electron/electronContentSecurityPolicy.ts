// SECURITY: the Electron UI's Content Security Policy. Do not loosen it: the renderer does no network
// I/O at all (`connect-src 'none'`); everything goes through the API over IPC.

/** The CSP header of every `app://` response. */
export const ELECTRON_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
