import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';

/**
 * Reads a small file from a network's content store (`POST /api/v0/cat`): null when the store says it has none;
 * rejects when the store could not be asked (a timeout, the caller's abort, a refused connection, a busy or failing
 * gateway), so a caller that keeps answers keeps "none" only when the store said so.
 */
export type ContentReader = (networkId: string, cid: string, signal?: AbortSignal) => Promise<string | null>;

/** Metadata and source files are small: past this, the answer is not what was asked for. */
const MAX_BYTES = 2 * 1024 * 1024;

/** Answers that say the store is busy or its gateway failed, not that it lacks the file: asked again later. */
const TRANSIENT = new Set([408, 429, 502, 503, 504]);

/** No answer from the content store for a CID (not "the store has none"). */
export class ContentUnreadError extends Error {
  constructor(cid: string, why: string) {
    super(`could not read ${cid} from the content store: ${why}`);
    this.name = 'ContentUnreadError';
  }
}

/**
 * A reader over each network's content-store address and basic-auth credential. Null when the network has
 * no content store, the CID is malformed, the store does not hold it, or it answers with anything but the file
 * (decoding goes on with the next source). Rejects, with a message that names neither the store's address nor its
 * credential, when no answer came: those are not kept as "none" by the callers (see `ContentReader`).
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
      if (TRANSIENT.has(response.status)) {
        await response.body?.cancel();
        throw new ContentUnreadError(cid, `the store answered ${response.status}`);
      }
      if (!response.ok || !response.body) return null;
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > MAX_BYTES) return null;
        chunks.push(chunk);
      }
      return Buffer.concat(chunks).toString('utf8');
    } catch (error) {
      if (error instanceof ContentUnreadError) throw error;
      const why = signal?.aborted ? 'the read was cancelled' : timeout.aborted ? 'the store did not answer in time' : 'the store could not be reached';
      throw new ContentUnreadError(cid, why);
    }
  };
}

