import type { AbiSourceView } from '../../../src-shared/api/explorer';
import { parseSolidityMetadata, readMetadataPointer } from '../../../src-shared/decoding/solidityMetadata';
import type { RpcService } from '../rpc/createRpcService';
import type { AbiProvider, KnownAbi } from './createDecoder';
import type { ContentReader } from './readContent';

/** An address's ABI from its contract's own Solidity metadata, with where it came from. */
export interface MetadataAbi extends KnownAbi {
  view: AbiSourceView;
  /** The metadata file as the content store gave it (what a recompile reads its settings from). */
  text: string;
}

/**
 * ABIs from the contracts themselves: the runtime code's CBOR tail names the metadata's IPFS CID, and the
 * network's content store, when it holds that CID, gives the ABI (and the sources it names). Kept per
 * network and code hash in memory: code at an address does not change (and a self-destructed contract's
 * new code has another tail).
 */
export function createMetadataAbis(options: { rpc: Pick<RpcService, 'request'>; readContent: ContentReader }) {
  const byAddress = new Map<string, Promise<MetadataAbi | null>>();
  const settled = new Map<string, MetadataAbi | null>();
  const key = (networkId: string, address: string) => `${networkId}|${address.toLowerCase()}`;

  const load = async (networkId: string, address: string, signal?: AbortSignal): Promise<MetadataAbi | null> => {
    const code = await options.rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal });
    const pointer = readMetadataPointer(code);
    if (!pointer?.ipfs) return null;
    const text = await options.readContent(networkId, pointer.ipfs, signal);
    const metadata = text ? parseSolidityMetadata(text) : undefined;
    if (!text || !metadata) return null;
    const sources = await Promise.all(metadata.sources.map(async (source) => ({ path: source.path, content: source.cid ? await options.readContent(networkId, source.cid, signal) : null })));
    const names = (type: 'function' | 'event' | 'error') =>
      metadata.abi.flatMap((item) => (item.type === type ? [`${item.name}(${item.inputs.map((input) => input.type).join(',')})`] : []));
    return {
      abi: metadata.abi,
      text,
      source: 'metadata',
      view: {
        source: 'metadata',
        functions: names('function'),
        events: names('event'),
        errors: names('error'),
        metadataCid: pointer.ipfs,
        compiler: metadata.compiler,
        ...(metadata.contractName ? { contractName: metadata.contractName } : {}),
        sources,
      },
    };
  };

  const provider: AbiProvider & { metadataFor(networkId: string, address: string, signal?: AbortSignal): Promise<MetadataAbi | null>; forget(networkId: string): void } = {
    async metadataFor(networkId, address, signal) {
      const id = key(networkId, address);
      let found = byAddress.get(id);
      if (!found) {
        const loading = load(networkId, address, signal);
        found = loading.catch(() => null);
        byAddress.set(id, found);
        // An answer (metadata, or none) is kept; a failure (the node unreachable) is not: the next look tries again.
        loading.then(
          (value) => settled.set(id, value),
          () => byAddress.delete(id),
        );
      }
      return found;
    },
    async abisFor(networkId, address, signal) {
      const found = await provider.metadataFor(networkId, address, signal);
      return found ? [found] : [];
    },
    cachedAbisFor(networkId, address) {
      const found = settled.get(key(networkId, address));
      return found ? [found] : [];
    },
    forget(networkId) {
      for (const id of [...byAddress.keys()]) if (id.startsWith(`${networkId}|`)) byAddress.delete(id);
      for (const id of [...settled.keys()]) if (id.startsWith(`${networkId}|`)) settled.delete(id);
    },
  };
  return provider;
}
