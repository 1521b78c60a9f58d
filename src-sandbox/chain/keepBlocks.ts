import type { KeepItem } from './filterDumpArrays';

/**
 * The filters of an Anvil state dump's `blocks` and `transactions` that keep only the blocks whose number `keep`
 * accepts, and the transactions (with their receipts and traces) mined in them. Anvil loads a dump with a gap in its
 * blocks, answers null for a block in the gap, and mines on from its best block (Anvil 1.7.1; see
 * docs/design-notes.md, "The live node's history window").
 *
 * A block is `{"header":{…,"number":"0x…",…},"transactions":[…],…}`: the first `"number"` is its header's (the header
 * comes first and holds no other). A transaction is `{"info":{…},"receipt":{…},"block_hash":"0x…","block_number":"171"}`:
 * its block number is its last field, read from its end (its traces could hold any key before it). An item whose
 * number cannot be read is kept.
 */
export function blockFilters(keep: (blockNumber: number) => boolean): Record<string, KeepItem> {
  return {
    blocks: (block) => {
      const number = /"number"\s*:\s*"(0x[0-9a-fA-F]{1,16})"/.exec(block.subarray(0, 4096).toString('latin1'))?.[1];
      return number === undefined || keep(Number(number));
    },
    transactions: (transaction) => {
      const tail = transaction.subarray(Math.max(0, transaction.length - 256)).toString('latin1');
      const number = /"block_number"\s*:\s*"?(0x[0-9a-fA-F]{1,16}|\d{1,16})"?\s*}\s*$/.exec(tail)?.[1];
      return number === undefined || keep(Number(number));
    },
  };
}
