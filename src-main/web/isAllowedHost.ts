// SECURITY: the Host check defeats DNS rebinding (a site whose name is re-pointed at 127.0.0.1 would
// otherwise be same-origin with itself while talking to this host). Do not loosen it.

/** Whether a `Host` header names the web host as it was handed out: `127.0.0.1:<port>`, exactly. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host !== undefined && host === `127.0.0.1:${port}`;
}
