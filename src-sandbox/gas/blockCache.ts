/** What the gas API serves for one block: the suggestion, serialized once. */
export interface BlockSuggestion {
  blockNumber: bigint;
  /** The JSON body, byte-for-byte the same for every request in the block. */
  body: string;
}

/** The latest block's suggestion, computed once per block. */
export interface BlockCache {
  /** The suggestion if it is still for the latest known block, else undefined (then call `get`). */
  peek(): BlockSuggestion | undefined;
  /** The latest block's suggestion; computes it if needed, sharing one computation among concurrent callers. */
  get(): Promise<BlockSuggestion>;
  /** Marks the cached suggestion stale (a new head arrived) and starts recomputing it at once. */
  invalidate(): void;
  /** Resolves once no computation is running. */
  idle(): Promise<void>;
}

/**
 * A single-flight cache keyed by "generation": every new head bumps the generation; a suggestion is fresh while
 * it was computed in the current one. A head arriving mid-computation lets the running one finish (its callers
 * asked before that head) and then starts the next.
 */
export function createBlockCache(compute: () => Promise<BlockSuggestion>, log: (line: string) => void): BlockCache {
  let generation = 0;
  let cached: { value: BlockSuggestion; generation: number } | undefined;
  let running: Promise<BlockSuggestion> | undefined;
  let lastError = '';

  const start = (): Promise<BlockSuggestion> => {
    if (running) return running;
    const startedIn = generation;
    const attempt = compute().then(
      (value) => {
        cached = { value, generation: startedIn };
        lastError = '';
        return value;
      },
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (message !== lastError) log(`gas: could not compute fee suggestions: ${message}`);
        lastError = message;
        throw error;
      },
    );
    running = attempt;
    const settle = () => {
      running = undefined;
      // A head arrived while this ran: compute again for it, eagerly, so requests find it ready.
      if (generation !== startedIn && cached?.generation !== generation) void start().catch(() => {});
    };
    attempt.then(settle, settle);
    return attempt;
  };

  return {
    peek: () => (cached && cached.generation === generation ? cached.value : undefined),
    get() {
      const fresh = cached && cached.generation === generation ? cached.value : undefined;
      return fresh ? Promise.resolve(fresh) : start();
    },
    invalidate() {
      generation += 1;
      void start().catch(() => {});
    },
    async idle() {
      while (running) await running.catch(() => {});
    },
  };
}
