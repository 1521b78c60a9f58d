/*
 * SECURITY: the API key travels in the path. Nothing here logs or echoes it; `redactPath` is the
 * only way a gateway path may reach a log line.
 */

/** A request path that belongs to the gateway. */
export interface GatewayPath {
  transport: 'http' | 'ws';
  /** The path segment after `/v3/`; undefined when absent or empty. */
  key: string | undefined;
}

/** Matches `/<network>/v3[/<key>]` and `/<network>/ws/v3[/<key>]` (query string ignored); undefined for any other path. */
export function matchGatewayPath(url: string | undefined, network: string): GatewayPath | undefined {
  if (url === undefined) return undefined;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const http = matchBase(path, `/${network}/v3`);
  if (http !== null) return { transport: 'http', key: http };
  const ws = matchBase(path, `/${network}/ws/v3`);
  if (ws !== null) return { transport: 'ws', key: ws };
  return undefined;
}

/** null: not under base; undefined: under base without a key; else the key segment(s). */
function matchBase(path: string, base: string): string | undefined | null {
  if (path === base) return undefined;
  if (!path.startsWith(`${base}/`)) return null;
  const rest = path.slice(base.length + 1);
  return rest.length === 0 ? undefined : rest;
}

/** Replaces everything after `/v3/` with `<redacted>`, for log lines. */
export function redactPath(url: string | undefined): string {
  if (url === undefined) return '';
  return url.replace(/(\/v3\/)[^?#]*/, '$1<redacted>').replace(/[?#].*$/, '');
}
