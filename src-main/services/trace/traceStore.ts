import type { CallFrame } from '../../../src-shared/trace/callFrame';
import type { PrestateDiffView } from '../../../src-shared/trace/stateView';
import type { TraceSource, TraceView } from '../../../src-shared/trace/traceView';
import type { Store } from '../store/openStore';

/** What is kept of a trace: its frames as the source gave them (decoding is done again on reading: an ABI may be imported since). */
export interface KeptTrace {
  source: TraceSource;
  frame: CallFrame;
  check?: TraceView['check'];
  hardfork?: string;
  /** A replay's state diff (what the transaction changed); the node's own is asked of the node again. */
  stateDiff?: PrestateDiffView;
}

/** Traces of finalized transactions, kept on this machine by chain. */
export interface TraceStore {
  read(chain: string, hash: string): KeptTrace | undefined;
  write(chain: string, hash: string, trace: KeptTrace): void;
}

/**
 * Traces kept in SQLite beside the explorer's immutable chain data (table `chain_cache`, kind `trace`, keyed by the
 * transaction's hash), so a chain forgotten (replaced, or another chain after all) drops its traces with its blocks.
 * Only what is final is written (the caller decides); a row that no longer reads is dropped and traced again.
 */
export function createTraceStore(store: Pick<Store, 'db' | 'assertNoSecrets'>, log: (line: string) => void = () => {}): TraceStore {
  const select = store.db.prepare("SELECT json FROM chain_cache WHERE chain = ? AND kind = 'trace' AND key = ?");
  const insert = store.db.prepare("INSERT OR REPLACE INTO chain_cache (chain, kind, key, json, created_at) VALUES (?, 'trace', ?, ?, ?)");
  const remove = store.db.prepare("DELETE FROM chain_cache WHERE chain = ? AND kind = 'trace' AND key = ?");
  return {
    read(chain, hash) {
      const key = hash.toLowerCase();
      const row = select.all(chain, key)[0] as { json: string } | undefined;
      if (!row) return undefined;
      try {
        const kept = JSON.parse(row.json) as KeptTrace;
        if ((kept.source === 'callTracer' || kept.source === 'replay') && isFrame(kept.frame) && (kept.stateDiff === undefined || isDiff(kept.stateDiff))) return kept;
      } catch {
        // dropped below, like a row of another shape
      }
      log(`trace: a damaged kept trace of ${key} on chain ${chain} was dropped`);
      remove.run(chain, key);
      return undefined;
    },
    write(chain, hash, trace) {
      const json = JSON.stringify(trace);
      store.assertNoSecrets('a kept trace', json);
      insert.run(chain, hash.toLowerCase(), json, Date.now());
    },
  };
}

/** Whether a value read back is a call frame tree (its fields' shapes, down every child). */
function isFrame(value: unknown): value is CallFrame {
  const stack = [value];
  while (stack.length > 0) {
    const frame = stack.pop() as Partial<CallFrame> | null;
    if (typeof frame !== 'object' || frame === null || typeof frame.kind !== 'string' || typeof frame.from !== 'string' || typeof frame.input !== 'string') return false;
    if (typeof frame.gas !== 'string' || typeof frame.gasUsed !== 'string' || typeof frame.depth !== 'number' || !Array.isArray(frame.children)) return false;
    stack.push(...frame.children);
  }
  return true;
}

/** Whether a value read back is a state diff: its two sections, each an object of accounts. */
function isDiff(value: unknown): value is PrestateDiffView {
  const diff = value as Partial<PrestateDiffView> | null;
  const section = (part: unknown) => typeof part === 'object' && part !== null && Object.values(part).every((account) => typeof account === 'object' && account !== null);
  return typeof diff === 'object' && diff !== null && section(diff.pre) && section(diff.post);
}
