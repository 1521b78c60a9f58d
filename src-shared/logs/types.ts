// The log-query builder's data: a query as a person builds it, the rows a run returns, and a run's progress.
// JSON-safe (block numbers as 0x hex, as on the wire), so these cross the API boundary unchanged.
import type { Decoding } from '../decoding/types';
import type { DroppedBlocks } from './droppedBlocks';

/** The service's limits on one `eth_getLogs` (reference/SERVICE-FACTS.md). */
export const LOG_LIMITS = {
  /** Most logs in one answer (-32005 `query returned more than 10000 results` above it). */
  results: 10_000,
  /** Most addresses plus topics (each entry of an OR-list counts) in one filter (-32005 above it). */
  params: 5_000,
  /** Widest block range of one request, in blocks (-32602 above it; seen live, undocumented). */
  blocks: 10_000,
  /** Longest a query may run on the node, in seconds (-32005 `query timeout exceeded`). */
  seconds: 10,
} as const;

/**
 * A log query as the builder holds it: what `eth_getLogs` is asked, before tags are resolved.
 * `topics[i]` is the OR-list for position i (any of them matches), or null for a wildcard.
 */
export interface LogQuery {
  /** Contract addresses, any of which matches; empty matches every address. */
  addresses: string[];
  /** Up to four positions; trailing wildcards are dropped when the request is built. */
  topics: (string[] | null)[];
  /** A block number (decimal or 0x hex) or a tag (`latest`, `earliest`, `pending`, `safe`, `finalized`). */
  fromBlock?: string;
  toBlock?: string;
  /** One block by hash; then fromBlock and toBlock must be absent (the spec's rule). */
  blockHash?: string;
  /** The event signature the topics were built from (`Transfer(address,address,uint256)`), shown, not sent. */
  event?: string;
}

/** One log of a run's results, decoded. */
export interface LogRow {
  /** 0x hex, as the node sent it. */
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  address: string;
  topics: string[];
  data: string;
  /** True when a reorganisation removed it (live tail); such rows are marked, never dropped. */
  removed: boolean;
  /** The block's timestamp when the node includes it in the log (`blockTimestamp`). */
  blockTimestamp?: string;
  decoded: Decoding;
  /** The label a person gave the address. */
  addressLabel?: string;
}

/** Where a run stands. */
export interface LogRunProgress {
  /** The range asked, with tags resolved (0x hex); for a blockHash query, that block's number twice. */
  from: string;
  to: string;
  /** Blocks whose logs have been delivered, from `from` on without a gap. */
  blocksCovered: number;
  blocksTotal: number;
  /** Logs delivered so far. */
  logs: number;
  /** eth_getLogs requests sent so far, retries included. */
  requests: number;
  /** Requests sent again (rate limit, transient failure). */
  retries: number;
  /** Times a piece was split because the service refused it (too many results, timeout, range too large). */
  splits: number;
  elapsedMs: number;
  /** Estimated time left, from the rate so far; null until there is a rate. */
  etaMs: number | null;
  /** While the node does not answer (gone, restarting): what the run is doing about it. Absent otherwise. */
  waiting?: string;
  /**
   * Blocks passed over because the node no longer keeps them (history expiry; the Local sandbox drops its older live
   * blocks), merged, lowest first, 0x hex: their logs are not in the result. Absent when none was.
   */
  dropped?: DroppedBlocks[];
}

/** One event of a run (topic `logs.run`): first `started`, then rows in chain order and progress, then the end. */
export type LogRunEvent =
  | { kind: 'started'; runId: string; progress: LogRunProgress }
  | { kind: 'rows'; rows: LogRow[]; progress: LogRunProgress }
  | { kind: 'progress'; progress: LogRunProgress };

/** A warning shown before a query runs; the person may run it anyway. */
export interface PreflightWarning {
  kind: 'params' | 'span' | 'results';
  message: string;
}

/** What the app expects of a query before it runs it. */
export interface LogPreflight {
  /** The range with tags resolved (0x hex). */
  from: string;
  to: string;
  head: string;
  /** Addresses plus topics against the service's limit. */
  params: { count: number; limit: number };
  /** Blocks in the range against the service's limit for one request. */
  span: { blocks: number; limit: number };
  /** The estimated number of matching logs. `exact` when the sample covered the whole range. */
  estimate: { logs: number; low: number; high: number; sampledBlocks: number; exact: boolean; overLimitSomewhere: boolean };
  /** How many requests the plan needs and about how long it takes. */
  plan: { requests: number; seconds: number };
  warnings: PreflightWarning[];
}

/** An event a person can pick in the builder: its signature, topic and inputs. */
export interface EventChoice {
  name: string;
  /** Canonical signature, `Transfer(address,address,uint256)`. */
  signature: string;
  /** keccak256 of the signature: the log's topic0. */
  topic0: string;
  /** With names and `indexed` flags when the source has them; a bare 4byte signature has neither (`indexed` unknown). */
  inputs: { name: string; type: string; indexed: boolean | null }[];
  source: 'imported' | 'metadata' | 'signatures';
  /** The contract whose ABI names it (imported or metadata sources). */
  address?: string;
}

/** A query kept in SQLite. */
export interface SavedLogQuery {
  id: string;
  name: string;
  /** The network it was saved on; null when it is for any network. */
  networkId: string | null;
  query: LogQuery;
  createdAt: number;
  updatedAt: number;
}

/** New rows of a live tail (topic `logs.tail`): new logs, and logs a reorganisation removed (`removed: true`). */
export interface LogTailEvent {
  rows: LogRow[];
  /** How the tail follows the chain: an `eth_subscribe` `logs` subscription, or polling each new head. */
  via: 'subscription' | 'polling';
  /** The latest block the tail has seen (0x hex). */
  head: string | null;
  /** While the socket is down: what the tail does about it (it connects again and reads what it missed). */
  reconnecting?: string;
}

/**
 * What an export did: a download the page starts (web host), a file saved (Electron), or nothing (cancelled). `dropped`:
 * blocks the scan passed over because the node no longer keeps them (as `LogRunProgress.dropped`): what they held is
 * not in the file. Absent when none was.
 */
export type LogExportResult =
  | { kind: 'download'; url: string; fileName: string; rows: number; dropped?: DroppedBlocks[] }
  | { kind: 'saved'; path: string; rows: number; dropped?: DroppedBlocks[] }
  | { kind: 'cancelled' };
