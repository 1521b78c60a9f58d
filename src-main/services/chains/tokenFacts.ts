import { decodeAbiParameters, hexToString, type Hex } from 'viem';
import type { RpcService } from '../rpc/createRpcService';

/** A token's symbol and decimals, when its contract answers `symbol()` and `decimals()`. */
export interface TokenFacts {
  symbol: string | null;
  decimals: number | null;
}

const SYMBOL = '0x95d89b41';
const DECIMALS = '0x313ce567';

/** Reads tokens' symbol and decimals (one batch for all), kept per network: they do not change. */
export function createTokenFacts(rpc: Pick<RpcService, 'request'>) {
  const known = new Map<string, Promise<TokenFacts>>();
  const call = (networkId: string, to: string, data: string, signal?: AbortSignal) =>
    rpc.request<string>(networkId, 'eth_call', [{ to, data }, 'latest'], { signal }).catch(() => null);
  return {
    read(networkId: string, token: string, signal?: AbortSignal): Promise<TokenFacts> {
      const key = `${networkId}:${token.toLowerCase()}`;
      let facts = known.get(key);
      if (!facts) {
        facts = Promise.all([call(networkId, token, SYMBOL, signal), call(networkId, token, DECIMALS, signal)]).then(([symbol, decimals]) => ({
          symbol: readSymbol(symbol),
          decimals: readDecimals(decimals),
        }));
        facts.catch(() => known.delete(key));
        known.set(key, facts);
      }
      return facts;
    },
  };
}

/** `symbol()` returns a string, or a bytes32 in older tokens (MKR); anything else is no symbol. */
export function readSymbol(result: string | null): string | null {
  if (!result || result === '0x') return null;
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], result as Hex);
    return clean(text);
  } catch {
    if (/^0x[0-9a-fA-F]{64}$/.test(result)) return clean(hexToString(result as Hex, { size: 32 }));
    return null;
  }
}

export function readDecimals(result: string | null): number | null {
  if (!result || !/^0x[0-9a-fA-F]{64}$/.test(result)) return null;
  const value = BigInt(result);
  return value <= 255n ? Number(value) : null;
}

/** A symbol shown in the page: printable, at most 32 characters. */
function clean(text: string): string | null {
  // eslint-disable-next-line no-control-regex
  const printable = text.replace(/\u0000+$/, '').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  return printable.length > 0 ? printable.slice(0, 32) : null;
}
