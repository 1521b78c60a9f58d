import type { RpcService } from '../rpc/createRpcService';

/** An address seen without code may get some (a contract deployed to it later): that answer is kept a minute. */
const NO_CODE_TTL_MS = 60_000;

/**
 * Whether addresses hold code, read with one batch of `eth_getCode` for those not known yet, and kept per
 * network: "holds code" for good (a self-destruct is rare and the mark only informs), "no code" for a minute.
 */
export function createCodeMarks(rpc: Pick<RpcService, 'request'>) {
  const known = new Map<string, { contract: boolean; at: number }>();
  const key = (networkId: string, address: string) => `${networkId}|${address}`;
  return {
    async read(networkId: string, addresses: string[], signal?: AbortSignal): Promise<Map<string, boolean>> {
      const now = Date.now();
      const fresh = (address: string) => {
        const entry = known.get(key(networkId, address));
        return entry && (entry.contract || now - entry.at < NO_CODE_TTL_MS) ? entry : undefined;
      };
      const missing = addresses.filter((address) => !fresh(address));
      const codes = await Promise.all(missing.map((address) => rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal })));
      missing.forEach((address, i) => known.set(key(networkId, address), { contract: codes[i] !== '0x', at: now }));
      return new Map(addresses.map((address) => [address, fresh(address)?.contract ?? false]));
    },
    forget(networkId: string) {
      for (const id of [...known.keys()]) if (id.startsWith(`${networkId}|`)) known.delete(id);
    },
  };
}
