// SECURITY: the URL returned carries the API key. It is for the main process's own requests only: never
// send it to the renderer, never log it unredacted, never store it.
import { KEY_PLACEHOLDER } from '../../../src-shared/networks/network';

/**
 * A JSON-RPC URL template with the key put in, URL-encoded: in place of `{key}` when the template has it,
 * otherwise as the last path segment (before any query), the hosted service's form:
 * `https://mainnet.infura.io/v3/` → `https://mainnet.infura.io/v3/<key>`.
 */
export function keyedUrl(template: string, apiKey: string): string {
  const encoded = encodeURIComponent(apiKey);
  if (template.includes(KEY_PLACEHOLDER)) return template.replace(KEY_PLACEHOLDER, () => encoded);
  const queryAt = template.search(/[?#]/);
  const base = queryAt === -1 ? template : template.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : template.slice(queryAt);
  return `${base}${base.endsWith('/') ? '' : '/'}${encoded}${rest}`;
}
