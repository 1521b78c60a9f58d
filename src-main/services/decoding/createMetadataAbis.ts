import type { AbiSourceView } from '../../../src-shared/api/explorer';
import { parseSolidityMetadata, readMetadataPointer, type SolidityMetadata } from '../../../src-shared/decoding/solidityMetadata';
import type { RpcService } from '../rpc/createRpcService';
import type { AbiProvider, KnownAbi } from './createDecoder';
import type { ContentReader } from './readContent';

/** An address's ABI from its contract's own Solidity metadata, with where it came from. */
export interface MetadataAbi extends KnownAbi {
  view: AbiSourceView;
  /** The metadata file as the content store gave it (what a recompile reads its settings from). */
  text: string;
}

/** A contract's metadata file: its CID, its text, and what it says. */
interface MetadataFile {
  cid: string;
  text: string;
  metadata: SolidityMetadata;
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
  const files = new Map<string, Promise<MetadataFile | null>>();
  const key = (networkId: string, address: string) => `${networkId}|${address.toLowerCase()}`;

  /**
   * The metadata file a contract's code points to (the CID in its CBOR tail), read and parsed; its sources are not
   * read. Kept by CID (content never changes under its CID) once the store has answered; a read is shared by every caller asking meanwhile, so
   * none of their signals cancels it (it is small, and bounded by its timeout): a caller whose signal aborts stops
   * waiting.
   */
  const fileIn = async (networkId: string, code: string, signal?: AbortSignal): Promise<MetadataFile | null> => {
    const cid = readMetadataPointer(code)?.ipfs;
    if (!cid) return null;
    const id = key(networkId, cid);
    let reading = files.get(id);
    if (!reading) {
      reading = options.readContent(networkId, cid).then((text) => {
        const metadata = text ? parseSolidityMetadata(text) : undefined;
        return text && metadata ? { cid, text, metadata } : null;
      });
      files.set(id, reading);
      reading.catch(() => files.delete(id)); // the store did not answer: asked again next time
    }
    const file = await reading;
    signal?.throwIfAborted();
    return file;
  };

  const load = async (networkId: string, address: string, signal?: AbortSignal): Promise<MetadataAbi | null> => {
    const file = await fileIn(networkId, await options.rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal }), signal);
    if (!file) return null;
    const { cid, text, metadata } = file;
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
        metadataCid: cid,
        compiler: metadata.compiler,
        ...(metadata.contractName ? { contractName: metadata.contractName } : {}),
        sources,
      },
    };
  };

  const provider: AbiProvider & {
    metadataFor(networkId: string, address: string, signal?: AbortSignal): Promise<MetadataAbi | null>;
    /** The contract's name as its metadata states it (the compilation target), read without its sources; null when none. */
    contractNameOf(networkId: string, address: string, signal?: AbortSignal): Promise<string | null>;
    forget(networkId: string): void;
  } = {
    async metadataFor(networkId, address, signal) {
      const id = key(networkId, address);
      let found = byAddress.get(id);
      if (!found) {
        // Shared by every caller asking meanwhile, so no caller's signal cancels it (it is bounded by the node's and
        // the store's timeouts): a caller whose signal aborts stops waiting.
        const loading = load(networkId, address);
        found = loading.catch(() => null);
        byAddress.set(id, found);
        // An answer (metadata, or none) is kept; a failure (the node or the content store gave no answer, or this
        // first caller gave up) is not: the next look tries again.
        loading.then(
          (value) => settled.set(id, value),
          () => byAddress.delete(id),
        );
      }
      return signal ? abortable(found, signal) : found;
    },
    async contractNameOf(networkId, address, signal) {
      const name = (await fileIn(networkId, await options.rpc.request<string>(networkId, 'eth_getCode', [address, 'latest'], { signal }), signal))?.metadata.contractName;
      return name ? name.slice(name.lastIndexOf(':') + 1).slice(0, 64) || null : null;
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
      for (const id of [...files.keys()]) if (id.startsWith(`${networkId}|`)) files.delete(id);
    },
  };
  return provider;
}

/** `promise`, or a rejection as soon as `signal` aborts (the work behind the promise goes on for its other callers). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
