/**
 * A run of blocks whose state the node does not keep (it refused reads there: a full node's pruned past, the Local
 * sandbox's blocks between its seeded ones and its latest). What changed in them cannot be placed by reading state.
 * Shared by the history views (history.ts, callers.ts).
 */
export interface NotKeptRange {
  /** The first and the last block of the run (0x hex). */
  from: string;
  to: string;
}
