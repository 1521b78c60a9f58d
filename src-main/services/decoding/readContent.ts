import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';

/** Reads a small file from a network's content store (`POST /api/v0/cat`), or null when it has none. */
export type ContentReader = (networkId: string, cid: string, signal?: AbortSignal) => Promise<string | null>;

/** Metadata and source files are small: past this, the answer is not what was asked for. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * A reader over each network's content-store address and basic-auth credential. Null when the network has
 * no content store, the store does not hold the CID, or it answers with anything but the file; never throws
 * for those, so decoding goes on with the next source.
 */
export function createContentReader(resolve: (networkId: string) => Promise<NetworkWithCredentials>, options: { timeoutMs?: number } = {}): ContentReader {
  return async (networkId, cid, signal) => {
    let resolved: NetworkWithCredentials;
    try {
      resolved = await resolve(networkId);
    } catch {
      return null;
    }
    if (!resolved.storageUrl || !/^[A-Za-z0-9]+$/.test(cid)) return null;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 5000);
    try {
      const response = await fetch(`${resolved.storageUrl.replace(/\/$/, '')}/api/v0/cat?arg=${cid}`, {
        method: 'POST',
        headers: resolved.authorization ? { authorization: resolved.authorization } : {},
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok || !response.body) return null;
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > MAX_BYTES) return null;
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString('utf8');
    } catch {
      return null;
    }
  };
}
