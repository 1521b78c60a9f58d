import type { EVMMockBlockchainInterface } from '@ethereumjs/evm';
import { hexToBytes } from '@ethereumjs/util';
import type { RpcRequest } from './rpcRequest';

/**
 * The chain as the EVM's BLOCKHASH opcode sees it (before EIP-7709 moves it into state): each earlier block's hash
 * read from the node when first asked (`eth_getBlockByNumber`), and kept for the replay. The EVM library asks only
 * for blocks within the 256 before the replayed one.
 */
export function blockHashes(request: RpcRequest, signal?: AbortSignal): EVMMockBlockchainInterface {
  const hashes = new Map<number, Promise<Uint8Array>>();
  const chain: EVMMockBlockchainInterface = {
    getBlock(number: number) {
      let hash = hashes.get(number);
      if (!hash) {
        hash = request('eth_getBlockByNumber', [`0x${number.toString(16)}`, false], signal).then((block) => {
          const found = (block as { hash?: `0x${string}` } | null)?.hash;
          if (!found) throw new Error(`The node has no block ${number}, which the replayed transaction asks the hash of.`);
          return hexToBytes(found);
        });
        hashes.set(number, hash);
      }
      return hash.then((bytes) => ({ hash: () => bytes }));
    },
    async putBlock() {},
    shallowCopy: () => chain,
  };
  return chain;
}
