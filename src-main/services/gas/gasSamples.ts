import { FEE_LEVELS, type FeeLevel, type FeeSuggestion } from '../../../src-shared/gas/feeSuggestion';
import { GAS_RANGE_MS, type GasHistory, type GasRange, type GasSnapshot, type GasSource } from '../../../src-shared/gas/gasTypes';
import { gweiToWei } from '../../../src-shared/gas/gwei';
import type { Store } from '../store/openStore';
import type { BackfilledSample } from './backfillSamples';

/**
 * The stored gas history (`gas_samples`): one row per chain and block, the base fee in wei and the levels in gwei
 * as REAL columns (chart precision: the exact strings live in the snapshots shown live). `chain` is the chain key
 * (chain id and genesis hash, chains/chainKey.ts): a block's fees are the chain's, so two networks reaching one chain
 * share its history (one row per block, whichever polled it last; `source` says where its levels came from), and
 * two dev chains on chain id 31337 never mix; a node restarted on a new chain starts with an empty history.
 */
export interface GasSamples {
  /** Stores a snapshot's figures under its chain's key (a second poll at the same block replaces the first). */
  add(chain: string, snapshot: GasSnapshot): void;
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

type BucketRow = [t: number, n: number, api: number, base: number, p0: number, p1: number, p2: number, m0: number, m1: number, m2: number];

const COLUMNS = 'chain, block, ts, base_fee, source, congestion, p_low, p_medium, p_high, m_low, m_medium, m_high';

/** A sample's row values after `chain, block, ts`. */
function figures(source: GasSource, baseFeeWei: bigint, suggestion: FeeSuggestion): unknown[] {
  return [
    baseFeeWei,
    source,
    suggestion.networkCongestion,
    ...FEE_LEVELS.map((level) => Number(suggestion[level].suggestedMaxPriorityFeePerGas)),
    ...FEE_LEVELS.map((level) => Number(suggestion[level].suggestedMaxFeePerGas)),
  ];
}

/** Opens the accessor over the store's connection. */
export function createGasSamples(store: Pick<Store, 'db' | 'transaction'>): GasSamples {
  const insert = store.db.prepare(`INSERT OR REPLACE INTO gas_samples (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertBackfilled = store.db.prepare(`INSERT OR IGNORE INTO gas_samples (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const blocksIn = store.db.prepare('SELECT block FROM gas_samples WHERE chain = ? AND block BETWEEN ? AND ?');
  // One pass over the (chain, ts) index, means per bucket (the bucket width bound as an integer: a REAL would
  // make the division exact and every sample its own bucket).
  const buckets = store.db
    .prepare(
      `SELECT AVG(ts), COUNT(*), SUM(source = 'api'), AVG(base_fee), AVG(p_low), AVG(p_medium), AVG(p_high), AVG(m_low), AVG(m_medium), AVG(m_high)
       FROM gas_samples WHERE chain = ? AND ts >= ? AND ts <= ?
       GROUP BY ts / CAST(? AS INTEGER) ORDER BY 1`,
    )
    .raw();
  const newest = store.db.prepare('SELECT MAX(ts) AS ts FROM gas_samples WHERE chain = ?');
  const prune = store.db.prepare('DELETE FROM gas_samples WHERE ts < ?');
  const count = store.db.prepare('SELECT COUNT(*) AS n FROM gas_samples WHERE chain = ?');

  return {
    add(chain, snapshot) {
      // The levels' own block's base fee (the gas API may answer for the block before the head read with it).
      insert.run(chain, snapshot.suggestionBlock, snapshot.head.timestamp * 1000, ...figures(snapshot.source, gweiToWei(snapshot.suggestion.estimatedBaseFee), snapshot.suggestion));
    },

    addBackfilled(chain, samples) {
      store.transaction(() => {
        for (const sample of samples) insertBackfilled.run(chain, sample.block, sample.ts, ...figures('local', sample.baseFeeWei, sample.suggestion));
      });
    },

    blocksIn(chain, from, to) {
      return new Set((blocksIn.all(chain, from, to) as unknown as { block: number | bigint }[]).map((row) => Number(row.block)));
    },

    history(networkId, chain, range, points, now = Date.now()) {
      const span = GAS_RANGE_MS[range];
      const bucketMs = Math.max(1, Math.ceil(span / points));
      // A dev node's clock may run ahead of this machine's (a block per second or faster moves its time on by a
      // second a block; evm_increaseTime by days): the range then ends at its newest sample, not at the clock.
      const latest = Number((newest.all(chain) as unknown as { ts: number | null }[])[0]?.ts ?? 0);
      const end = Math.max(now, latest);
      const rows = buckets.all(chain, end - span, end, bucketMs) as unknown as BucketRow[];
      const column = (at: number) => rows.map((row) => Number(row[at]));
      const level = (first: number): Record<FeeLevel, number[]> => ({ low: column(first), medium: column(first + 1), high: column(first + 2) });
      return {
        networkId,
        range,
        from: Math.ceil(end / 1000) - span / 1000,
        to: Math.ceil(end / 1000),
        samples: rows.reduce((sum, row) => sum + Number(row[1]), 0),
        fromApi: rows.reduce((sum, row) => sum + Number(row[2]), 0),
        time: rows.map((row) => Math.round(Number(row[0]) / 1000)),
        baseFee: rows.map((row) => Number(row[3]) / 1e9),
        priority: level(4),
        maxFee: level(7),
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
