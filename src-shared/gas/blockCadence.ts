import type { FeeLevel, WaitTimeEstimate } from './feeSuggestion';
import { PRIORITY_LEVEL_SETTINGS } from './priorityLevelSettings';

/**
 * How a network makes blocks, as far as a wait for inclusion is concerned (NODE-DIALECTS.md, "Automine"):
 * - `interval`: a block every `seconds` or so (the median gap of the latest blocks);
 * - `onDemand`: a block only when a transaction arrives (Hardhat, Ganache, Anvil without a block time);
 * - `unknown`: too few blocks to tell.
 */
export type BlockCadence = { kind: 'interval'; seconds: number } | { kind: 'onDemand' } | { kind: 'unknown' };

/** What {@link blockCadence} reads of a block: its time (Unix seconds) and how many transactions it holds. */
export interface CadenceBlock {
  timestamp: number;
  transactionCount: number;
}

/** The block time the published wait table assumes: Ethereum mainnet's 12 s slots. */
export const TABLE_BLOCK_SECONDS = 12;
/** Fewest consecutive blocks that tell a cadence. */
export const CADENCE_BLOCKS = 4;

/**
 * The cadence of the latest blocks (oldest first). `automine`: what the node said when asked
 * (`anvil_getAutomine` / `hardhat_getAutomine`), undefined where it has no such method. A node that says it
 * automines, or whose every block of the window holds exactly one transaction (a block per transaction, the
 * mark of mining on demand), mines on demand; otherwise the median gap between blocks, at least 1 s.
 */
export function blockCadence(blocks: readonly CadenceBlock[], automine?: boolean): BlockCadence {
  if (automine === true) return { kind: 'onDemand' };
  if (blocks.length < CADENCE_BLOCKS) return { kind: 'unknown' };
  if (automine === undefined && blocks.every((block) => block.transactionCount === 1)) return { kind: 'onDemand' };
  const gaps = blocks.slice(1).map((block, at) => block.timestamp - blocks[at]!.timestamp).filter((gap) => gap >= 0).sort((a, b) => a - b);
  if (gaps.length === 0) return { kind: 'unknown' };
  const median = gaps[Math.floor((gaps.length - 1) / 2)]!;
  return { kind: 'interval', seconds: Math.max(1, median) };
}

/**
 * A level's wait on a network of this cadence: the published table's wait (written for 12 s blocks) scaled to
 * the network's block time; on a network that mines on demand, none (the transaction makes its own block);
 * with the cadence unknown, the table's as published.
 */
export function waitForLevel(level: FeeLevel, cadence: BlockCadence): WaitTimeEstimate {
  const table = PRIORITY_LEVEL_SETTINGS[level].waitTime;
  if (cadence.kind === 'onDemand') return { minWaitTimeEstimate: 0, maxWaitTimeEstimate: 0 };
  if (cadence.kind === 'unknown') return { ...table };
  const scale = (ms: number) => Math.round((ms * cadence.seconds) / TABLE_BLOCK_SECONDS);
  return { minWaitTimeEstimate: scale(table.minWaitTimeEstimate), maxWaitTimeEstimate: scale(table.maxWaitTimeEstimate) };
}
