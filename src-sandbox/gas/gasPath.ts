/** The parts of a gas-fee interface path. */
export interface GasPath {
  /** The chain id segment as sent (validated later, so a bad one gets a clear error rather than a 404). */
  chainId: string;
  /** The API key when given in the path (`/v3/<KEY>/networks/...`). */
  pathKey?: string;
}

const BASIC_AUTH_PATH = /^\/networks\/([^/]*)\/suggestedGasFees\/?$/;
const KEY_IN_PATH = /^\/v3\/([^/]*)\/networks\/([^/]*)\/suggestedGasFees\/?$/;

/**
 * Matches `/networks/<chainId>/suggestedGasFees` and `/v3/<KEY>/networks/<chainId>/suggestedGasFees`
 * (a trailing slash is tolerated, the query string ignored); undefined for any other path.
 */
export function matchGasPath(url: string): GasPath | undefined {
  const path = url.split('?', 1)[0]!;
  const basic = BASIC_AUTH_PATH.exec(path);
  if (basic) return { chainId: decode(basic[1]!) };
  const keyed = KEY_IN_PATH.exec(path);
  if (keyed) return { pathKey: decode(keyed[1]!), chainId: decode(keyed[2]!) };
  return undefined;
}

/** Percent-decodes a segment; a malformed escape is kept as sent (and then fails validation). */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Why a chain id segment is refused, or undefined when it is the served chain. */
export function chainIdProblem(segment: string, servedChainId: number): string | undefined {
  const shown = JSON.stringify(segment.length > 40 ? `${segment.slice(0, 40)}…` : segment);
  if (!/^[0-9]{1,20}$/.test(segment)) return `the chain id must be a decimal integer; got ${shown}`;
  const asked = BigInt(segment);
  if (asked !== BigInt(servedChainId)) return `unsupported chain id ${asked}; this sandbox serves ${servedChainId}`;
  return undefined;
}
