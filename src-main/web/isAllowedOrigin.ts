// SECURITY: the Origin check stops other web pages (any site open in any browser on this machine)
// from opening the API socket. Do not loosen it: the only origin is the host's own, exactly.

/**
 * Whether an `Origin` header is the web host's own origin, `http://127.0.0.1:<port>`. `localhost`
 * is not accepted: the host hands out only the 127.0.0.1 address, and a name can resolve elsewhere.
 * A missing or `null` origin (file pages, sandboxed frames, non-browser clients) is refused.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  return origin !== undefined && origin === `http://127.0.0.1:${port}`;
}
