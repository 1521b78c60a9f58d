import type { RpcService } from '../rpc/createRpcService';

/** Block times kept per process, by block hash (a hash names one block on one chain; its time never changes). */
const KEPT = 8192;

export interface BlockTimes {
  /**
   * The timestamp (0x hex seconds) of each block asked for by hash, read from its header where not known yet (all at
   * once: the rpc service batches them); a block the node does not hold is absent from the answer.
   */
  of(networkId: string, hashes: readonly string[], signal?: AbortSignal): Promise<Map<string, string>>;
}

/** Reads and keeps blocks' times, for the rows of tables whose node did not send them (Hardhat, Ganache, older nodes). */
export function createBlockTimes(rpc: Pick<RpcService, 'request'>): BlockTimes {
  const known = new Map<string, string>();
  const keep = (hash: string, timestamp: string) => {
    known.delete(hash);
    known.set(hash, timestamp);
    for (const oldest of known.keys()) {
      if (known.size <= KEPT) break;
      known.delete(oldest);
    }
  };
  return {
    async of(networkId, hashes, signal) {
      const found = new Map<string, string>();
      const missing = new Set<string>();
      for (const value of hashes) {
        const hash = value.toLowerCase();
        const kept = known.get(hash);
        if (kept !== undefined) found.set(hash, kept);
        else missing.add(hash);
      }
      const headers = await Promise.all(
        [...missing].map((hash) => rpc.request<{ timestamp?: string } | null>(networkId, 'eth_getBlockByHash', [hash, false], { signal }).then((header) => [hash, header?.timestamp] as const)),
      );
      for (const [hash, timestamp] of headers) {
        if (typeof timestamp !== 'string') continue;
        found.set(hash, timestamp);
        keep(hash, timestamp);
      }
      return found;
    },
  };
}
