import { FEE_LEVELS, type FeeLevel } from '../../../src-shared/gas/feeSuggestion';
import { GAS_RANGE_MS, type GasHistory, type GasRange, type GasSnapshot } from '../../../src-shared/gas/gasTypes';
import type { Store } from '../store/openStore';
import { gweiToWei } from '../../../src-shared/gas/gwei';
import type { FeeSuggestion } from '../../../src-shared/gas/feeSuggestion';
import type { BackfilledSample } from './backfillSamples';

/**
 * The stored gas history (`gas_samples`): one row per chain and block, the base fee in wei and the levels as
 * compact JSON with gwei as numbers (chart precision: the exact strings live in the snapshots shown live).
 * `{"s":"api"|"local","c":congestion,"p":[low,medium,high priority],"m":[low,medium,high max fee]}`.
 */
export interface GasSamples {
  /** Stores a snapshot's figures (a second poll at the same block replaces the first). */
  add(snapshot: GasSnapshot): void;
  /** Stores samples computed from fee history for blocks no poll saw; never replaces a polled one. */
  addBackfilled(chain: string, samples: readonly BackfilledSample[]): void;
  /** The blocks of a chain that have a sample, between two block numbers. */
  blocksIn(chain: string, from: number, to: number): Set<number>;
  /** The samples of a chain over a range ending now, bucketed to at most `points`. */
  history(networkId: string, chain: string, range: GasRange, points: number, now?: number): GasHistory;
  /** Deletes samples older than `maxAgeMs`; returns how many went. */
  prune(maxAgeMs: number, now?: number): number;
  /** Samples stored for a chain (tests, diagnostics). */
  count(chain: string): number;
}

interface BucketRow {
  t: number;
  n: number;
  api: number;
  base: number;
  p0: number;
  p1: number;
  p2: number;
  m0: number;
  m1: number;
  m2: number;
}

const gwei = (text: string) => Number(text);

/** The compact levels JSON of a sample. */
function levelsJson(source: GasSnapshot['source'], suggestion: FeeSuggestion): string {
  return JSON.stringify({
    s: source,
    c: suggestion.networkCongestion,
    p: FEE_LEVELS.map((level) => gwei(suggestion[level].suggestedMaxPriorityFeePerGas)),
    m: FEE_LEVELS.map((level) => gwei(suggestion[level].suggestedMaxFeePerGas)),
  });
}

/** Opens the accessor over the store's connection. */
export function createGasSamples(store: Pick<Store, 'db' | 'transaction'>): GasSamples {
  const insert = store.db.prepare('INSERT OR REPLACE INTO gas_samples (chain, block, ts, base_fee, levels) VALUES (?, ?, ?, ?, ?)');
  const insertBackfilled = store.db.prepare('INSERT OR IGNORE INTO gas_samples (chain, block, ts, base_fee, levels) VALUES (?, ?, ?, ?, ?)');
  const blocksIn = store.db.prepare('SELECT block FROM gas_samples WHERE chain = ? AND block BETWEEN ? AND ?');
  // Bucketing in SQL: one pass over the (chain, ts) index, means per bucket; json_extract reads the compact levels.
  const buckets = store.db.prepare(`
    SELECT AVG(ts) AS t, COUNT(*) AS n, SUM(json_extract(levels, '$.s') = 'api') AS api,
           AVG(base_fee) AS base,
           AVG(json_extract(levels, '$.p[0]')) AS p0, AVG(json_extract(levels, '$.p[1]')) AS p1, AVG(json_extract(levels, '$.p[2]')) AS p2,
           AVG(json_extract(levels, '$.m[0]')) AS m0, AVG(json_extract(levels, '$.m[1]')) AS m1, AVG(json_extract(levels, '$.m[2]')) AS m2
    FROM gas_samples WHERE chain = ? AND ts >= ? AND ts <= ?
    GROUP BY ts / ? ORDER BY t`);
  const prune = store.db.prepare('DELETE FROM gas_samples WHERE ts < ?');
  const count = store.db.prepare('SELECT COUNT(*) AS n FROM gas_samples WHERE chain = ?');

  return {
    add(snapshot) {
      // The levels' own block's base fee (the gas API may answer for the block before the head read with it).
      insert.run(snapshot.chain, snapshot.suggestionBlock, snapshot.head.timestamp * 1000, gweiToWei(snapshot.suggestion.estimatedBaseFee), levelsJson(snapshot.source, snapshot.suggestion));
    },

    addBackfilled(chain, samples) {
      store.transaction(() => {
        for (const sample of samples) insertBackfilled.run(chain, sample.block, sample.ts, sample.baseFeeWei, levelsJson('local', sample.suggestion));
      });
    },

    blocksIn(chain, from, to) {
      return new Set((blocksIn.all(chain, from, to) as unknown as { block: number | bigint }[]).map((row) => Number(row.block)));
    },

    history(networkId, chain, range, points, now = Date.now()) {
      const span = GAS_RANGE_MS[range];
      const bucketMs = Math.max(1, Math.ceil(span / points));
      const rows = buckets.all(chain, now - span, now, bucketMs) as unknown as BucketRow[];
      const level = (key: 'p' | 'm'): Record<FeeLevel, number[]> => ({
        low: rows.map((row) => row[`${key}0`]),
        medium: rows.map((row) => row[`${key}1`]),
        high: rows.map((row) => row[`${key}2`]),
      });
      return {
        networkId,
        range,
        samples: rows.reduce((sum, row) => sum + row.n, 0),
        fromApi: rows.reduce((sum, row) => sum + row.api, 0),
        time: rows.map((row) => Math.round(row.t / 1000)),
        baseFee: rows.map((row) => row.base / 1e9),
        priority: level('p'),
        maxFee: level('m'),
      };
    },

    prune(maxAgeMs, now = Date.now()) {
      return Number(prune.run(now - maxAgeMs).changes);
    },

    count(chain) {
      return Number((count.all(chain) as unknown as { n: number }[])[0]?.n ?? 0);
    },
  };
}
