import type { Transform } from 'node:stream';
import { filterDumpArrays, type KeepItem } from './filterDumpArrays';

/**
 * The filter of an Anvil state dump's `historical_states` (an array of `[blockHash, state]` pairs, one full state of
 * about 250 kB per block) that keeps only the pairs whose hash `keep` accepts.
 *
 * Why: with `--preserve-historical-states` Anvil dumps the state at every block it ever mined, so a
 * sandbox that mines a block every 2 s would save (and reload) 7 MB more every minute. The sandbox keeps
 * the seeded blocks' states (the fixtures people and tests read at old blocks) and the latest ones.
 */
export function historyFilter(keep: (blockHash: string) => boolean): Record<string, KeepItem> {
  return {
    historical_states: (pair) => {
      const hash = /^\[\s*"(0x[0-9a-fA-F]{64})"/.exec(pair.subarray(0, 120).toString('latin1'))?.[1];
      return hash === undefined || keep(hash.toLowerCase());
    },
  };
}

/** A stream that rewrites a dump through `historyFilter` (memory: one pair at a time; fails on a torn text). */
export function keepHistory(keep: (blockHash: string) => boolean): Transform {
  return filterDumpArrays(historyFilter(keep));
}
