import type { CID } from 'multiformats/cid';

/** Limits of one write-behind session: blocks and bytes queued but not yet on disk. */
const MAX_PENDING_BLOCKS = 32;
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

/** A put that returns once the block is queued, and a flush that waits until every queued block is written. */
export interface WriteBehind {
  put(cid: CID, bytes: Uint8Array): Promise<CID>;
  /** Resolves when all queued writes landed; rejects with the first write failure. */
  flush(): Promise<void>;
}

/**
 * Lets an import continue while its blocks are written, a bounded number at a time. `add` imports files one
 * after another (they arrive in one multipart stream), so waiting for each small file's write would make
 * thousands of small files as slow as thousands of disk round trips. A failed write fails the next put or
 * the flush, so the add still fails; `add` flushes before pinning and before its last lines, as Kubo
 * commits its batch before pinning.
 */
export function createWriteBehind(write: (cid: CID, bytes: Uint8Array) => Promise<unknown>): WriteBehind {
  const pending = new Set<Promise<void>>();
  let pendingBytes = 0;
  let failure: unknown;
  const check = () => {
    if (failure !== undefined) throw failure;
  };
  return {
    async put(cid, bytes) {
      check();
      while (pending.size >= MAX_PENDING_BLOCKS || (pending.size > 0 && pendingBytes + bytes.byteLength > MAX_PENDING_BYTES)) {
        await Promise.race(pending);
        check();
      }
      pendingBytes += bytes.byteLength;
      const task: Promise<void> = write(cid, bytes).then(
        () => undefined,
        (error: unknown) => {
          failure ??= error;
        },
      );
      const tracked = task.finally(() => {
        pending.delete(tracked);
        pendingBytes -= bytes.byteLength;
      });
      pending.add(tracked);
      return cid;
    },
    async flush() {
      while (pending.size > 0) await Promise.all(pending);
      check();
    },
  };
}
