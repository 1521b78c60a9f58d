import { KEY_PLACEHOLDER } from './network';
import { parseUrl } from './parseUrl';
import { quoteInput } from '../text/quoteInput';

/** Which addresses an endpoint field accepts. */
export interface EndpointRules {
  /** Allowed URL schemes, without the colon: `['http', 'https']`. */
  protocols: readonly string[];
  /** Whether the `{key}` placeholder may appear (JSON-RPC addresses only). */
  keyPlaceholder: boolean;
}

/** Longest address accepted: far above any real endpoint, small enough to store and show. */
export const MAX_URL_LENGTH = 2048;

// Query parameters that carry credentials at common providers; their value is refused whatever it looks like.
const KEY_PARAMS = new Set([
  'key', 'apikey', 'api_key', 'api-key', 'token', 'access_token', 'accesstoken', 'auth', 'secret',
  'password', 'projectid', 'project_id', 'project-id', 'x-api-key',
]);

// A harmless stand-in for the placeholder while parsing (braces would be percent-encoded by URL).
const PLACEHOLDER_TOKEN = 'blockglass-key-placeholder';

const USE_KEY_FIELD = 'Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.';

/**
 * Why an address typed for a custom network is refused, as a sentence for the person, or undefined when it is
 * fine. Refuses other schemes, `user:pass@`, key-carrying query parameters, and path segments or host labels
 * that look like an API key (the message never repeats the suspicious text: it may be a real key).
 */
export function endpointUrlProblem(raw: string, rules: EndpointRules): string | undefined {
  const text = raw.trim();
  if (text.length === 0) return 'Enter an address.';
  if (text.length > MAX_URL_LENGTH) return `The address is longer than ${MAX_URL_LENGTH} characters.`;
  const placeholders = text.split(KEY_PLACEHOLDER).length - 1;
  if (placeholders > 0 && !rules.keyPlaceholder) return `${KEY_PLACEHOLDER} can only be used in JSON-RPC addresses.`;
  if (placeholders > 1) return `${KEY_PLACEHOLDER} can appear only once.`;

  const url = parseUrl(text.replace(KEY_PLACEHOLDER, PLACEHOLDER_TOKEN));
  if (url === undefined) return `Enter a full address, such as ${rules.protocols[0] ?? 'https'}://example.com/rpc.`;
  const scheme = url.protocol.slice(0, -1);
  if (!rules.protocols.includes(scheme)) {
    return `Use an address starting with ${rules.protocols.map((p) => `${p}://`).join(' or ')}.`;
  }
  if (url.username !== '' || url.password !== '') {
    return `Remove the “user:password@” part from the address. ${USE_KEY_FIELD}`;
  }
  if (url.hostname === '') return 'The address has no host name.';
  if (url.hostname.includes(PLACEHOLDER_TOKEN)) return `${KEY_PLACEHOLDER} can only be used in the path or the query.`;
  if (url.hash !== '') return 'Remove the “#…” part from the address: endpoints do not use it.';
  for (const [name, value] of url.searchParams) {
    if (value === PLACEHOLDER_TOKEN) continue;
    if (KEY_PARAMS.has(name.toLowerCase()) || looksLikeKey(value)) {
      return `The address carries a key in its ${quoteInput(name)} parameter. ${USE_KEY_FIELD}`;
    }
  }
  const segments = url.pathname.split('/').map(safeDecode);
  if (segments.some((segment) => segment !== PLACEHOLDER_TOKEN && looksLikeKey(segment))) {
    return `The address seems to contain an API key in its path. ${USE_KEY_FIELD}`;
  }
  if (url.hostname.split('.').some(looksLikeKey)) {
    return `The address seems to contain an API key in its host name. ${USE_KEY_FIELD}`;
  }
  return undefined;
}

/**
 * Whether a path segment, host label or query value looks like an API key: long hex (Infura's 32, QuickNode's
 * 40), or a long token of letters AND digits (Alchemy, Ankr, GetBlock). Words like `polygon-mainnet`,
 * `v3` or `rpc` do not.
 */
function looksLikeKey(part: string): boolean {
  if (/^(0x)?[0-9a-fA-F]{24,}$/.test(part)) return true;
  return part.length >= 20 && /^[A-Za-z0-9_-]+$/.test(part) && /[0-9]/.test(part) && /[A-Za-z]/.test(part);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
