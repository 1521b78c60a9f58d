import type { BlockView } from '../../../src-shared/api/explorer';

/** Immutable chain data kept in memory: blocks at or below the finalized head, by hash and by number. */
export interface ChainCache {
  block(networkId: string, key: { hash: string } | { number: bigint }): BlockView | undefined;
  putBlock(networkId: string, view: BlockView): void;
  /** Drops everything kept for a network (its chain was replaced). */
  forget(networkId: string): void;
}

/** An LRU of at most `maxBlocks` blocks across networks. */
export function createChainCache({ maxBlocks = 64 }: { maxBlocks?: number } = {}): ChainCache {
  const byHash = new Map<string, BlockView>(); // `${networkId}|${hash}`, in use order
  const numbers = new Map<string, string>(); // `${networkId}|${number}` → hash
  const hashKey = (networkId: string, hash: string) => `${networkId}|${hash.toLowerCase()}`;
  const numberKey = (networkId: string, number: bigint) => `${networkId}|${number.toString(10)}`;
  return {
    block(networkId, key) {
      const hash = 'hash' in key ? key.hash : numbers.get(numberKey(networkId, key.number));
      if (!hash) return undefined;
      const id = hashKey(networkId, hash);
      const view = byHash.get(id);
      if (view) {
        byHash.delete(id);
        byHash.set(id, view);
      }
      return view;
    },
    putBlock(networkId, view) {
      const hash = typeof view.block.hash === 'string' ? view.block.hash : undefined;
      const number = typeof view.block.number === 'string' ? BigInt(view.block.number) : undefined;
      if (!hash || number === undefined || !view.finalized) return;
      byHash.delete(hashKey(networkId, hash));
      byHash.set(hashKey(networkId, hash), view);
      numbers.set(numberKey(networkId, number), hash.toLowerCase());
      while (byHash.size > maxBlocks) {
        const [oldest, evicted] = byHash.entries().next().value as [string, BlockView];
        byHash.delete(oldest);
        const networkOf = oldest.slice(0, oldest.indexOf('|'));
        if (typeof evicted.block.number === 'string') numbers.delete(numberKey(networkOf, BigInt(evicted.block.number)));
      }
    },
    forget(networkId) {
      for (const key of [...byHash.keys()]) if (key.startsWith(`${networkId}|`)) byHash.delete(key);
      for (const key of [...numbers.keys()]) if (key.startsWith(`${networkId}|`)) numbers.delete(key);
    },
  };
}
