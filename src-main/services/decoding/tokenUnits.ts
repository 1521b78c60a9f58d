import type { TokenUnits } from '../../../src-shared/decoding/types';
import { readDecimals, readSymbol } from '../chains/tokenFacts';
import { findErrorOfKind } from '../errors/blockglassError';
import type { RpcService } from '../rpc/createRpcService';

const SYMBOL = '0x95d89b41';
const DECIMALS = '0x313ce567';
/** Tokens kept per process: a page names a few; a long session's worth stays small. */
const KEPT = 512;

/** A token's units, or null where the contract answers no `decimals()` (not a token, or an ERC-721). */
export type TokenUnitsOf = (networkId: string, address: string, signal?: AbortSignal) => Promise<TokenUnits | null>;

/**
 * Reads a contract's `decimals()` and `symbol()` (at `latest`; a token's do not change), kept per network and address,
 * the newest `KEPT`. A refused call is an answer (no units) and is kept; a node that cannot be reached, is slow or
 * refuses the key is not: the next page asks again.
 */
export function createTokenUnits(rpc: Pick<RpcService, 'request'>): TokenUnitsOf & { forget(networkId: string): void } {
  const known = new Map<string, Promise<TokenUnits | null>>();
  const call = (networkId: string, to: string, data: string, signal?: AbortSignal) =>
    rpc.request<string>(networkId, 'eth_call', [{ to, data }, 'latest'], { signal }).catch((error: unknown) => {
      if (signal?.aborted || findErrorOfKind(error, 'unreachable', 'timeout', 'limit', 'credentials', 'cancelled') !== null) throw error;
      return null;
    });
  const unitsOf = (networkId: string, address: string, signal?: AbortSignal) => {
    const key = `${networkId}|${address.toLowerCase()}`;
    const kept = known.get(key);
    if (kept) {
      known.delete(key);
      known.set(key, kept);
      return kept;
    }
    const reading = Promise.all([call(networkId, address, DECIMALS, signal), call(networkId, address, SYMBOL, signal)]).then(([decimals, symbol]) => {
      const places = readDecimals(decimals);
      return places === null ? null : { decimals: places, symbol: readSymbol(symbol) };
    });
    known.set(key, reading);
    reading.catch(() => known.delete(key));
    for (const oldest of known.keys()) {
      if (known.size <= KEPT) break;
      known.delete(oldest);
    }
    return reading;
  };
  return Object.assign(unitsOf, {
    forget(networkId: string) {
      for (const key of known.keys()) if (key.startsWith(`${networkId}|`)) known.delete(key);
    },
  });
}
