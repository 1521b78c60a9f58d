import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import type { RevertDecoding } from '../decoding/decodeRevert';
import type { StateView } from '../trace/stateView';
import type { TraceDifference, TraceView } from '../trace/traceView';
import { method } from './define';
import { addressSchema, hashSchema } from './explorer';

// Area `trace`: inside a transaction. The call tree comes from the node's own callTracer where it offers one, or from a
// replay in Blockglass where it offers no `debug_` method (the hosted service, the sandbox).

/** Largest gas limit a what-if takes: a 64-bit quantity, as a transaction's gas limit is. */
export const WHAT_IF_MAX_GAS = 2n ** 64n - 1n;
/** Largest text of a changed argument (an array or a long string): 64 KiB. */
export const WHAT_IF_MAX_ARGUMENT_LENGTH = 65_536;

/** A JSON-RPC quantity: `0x`, hex digits without leading zeros, at most 256 bits. */
const quantitySchema = (what: string) =>
  // Aborts on a bad shape, so a refinement after it (BigInt of it) never sees one.
  z.string().regex(/^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/, {
    error: `${what} is a quantity: 0x followed by at most 64 hex digits, without leading zeros.`,
    abort: true,
  });

/** A 32-byte word given as 0x and 1 to 64 hex digits (a storage slot's key or value; shorter is padded on the left). */
const wordSchema = (what: string) => z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, `${what} is 0x followed by 1 to 64 hex digits (32 bytes at most).`);

/**
 * The one thing a what-if changes. An argument is given as text, read against the type of that argument in the
 * transaction's decoded function (`123` or `0x7b` for a uint, `true`, an address, `0x…` bytes); an array or a tuple
 * as JSON of such texts (`["1","2"]`).
 */
export const whatIfChangeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('gasLimit'),
      gasLimit: quantitySchema('A gas limit').refine((value) => BigInt(value) > 0n && BigInt(value) <= WHAT_IF_MAX_GAS, 'A gas limit is from 1 to 2^64 − 1.'),
    }),
    z.strictObject({ kind: z.literal('value'), value: quantitySchema('A value in wei') }),
    z.strictObject({ kind: z.literal('sender'), sender: addressSchema }),
    z.strictObject({
      kind: z.literal('argument'),
      index: z.number().int('An argument index is a whole number.').min(0, 'An argument index is 0 or more.').max(255, 'A function has at most 256 arguments.'),
      value: z.string().max(WHAT_IF_MAX_ARGUMENT_LENGTH, 'An argument is at most 64 KiB of text.'),
    }),
    z.strictObject({ kind: z.literal('balance'), address: addressSchema, balance: quantitySchema('A balance in wei') }),
    z.strictObject({ kind: z.literal('storage'), address: addressSchema, slot: wordSchema('A storage slot'), value: wordSchema("A slot's value") }),
  ],
  { error: 'A change is one of gasLimit, value, sender, argument, balance or storage.' },
);

/** The one thing a what-if changes (see {@link whatIfChangeSchema}). */
export type WhatIfChange = z.infer<typeof whatIfChangeSchema>;

/** One run of a what-if: the transaction as it was, or with the change. */
export interface WhatIfOutcome {
  status: 'success' | 'failed';
  /** The gas limit it ran with, as a quantity. */
  gasLimit: `0x${string}`;
  /** Gas used as a receipt counts it (intrinsic gas and refunds included), as a quantity. */
  gasUsed: `0x${string}`;
  /** Why its own frame failed, in a node's words (`execution reverted`, `out of gas`). */
  error?: string;
  /** What it returned, or its revert data. */
  output: `0x${string}`;
  /** A failure's revert data decoded (a custom error, `Error(string)`, a panic). */
  revert?: RevertDecoding;
  /** Its call tree, decoded, with its summary (source `replay`). */
  trace: TraceView;
}

/** A what-if: the transaction as it was and with one thing changed, both run as a call on the parent block's state. */
export interface WhatIfView {
  hash: `0x${string}`;
  /** The transaction's block. */
  blockNumber: number;
  /** The block whose state both runs started from: the parent, `blockNumber − 1`. */
  stateBlock: number;
  change: WhatIfChange;
  /** The transaction unchanged, run the same way: what the change is measured against. */
  original: WhatIfOutcome;
  rerun: WhatIfOutcome;
  /**
   * Whether the unchanged run did what the receipt says (status, gas used, logs). It may not when the block's earlier
   * transactions changed what it reads: then `differences` says how, and the comparison is with the run, not the chain.
   */
  originalMatchesReceipt: boolean;
  differences: TraceDifference[];
  /** The hardfork both ran under. */
  hardfork: string;
}

export const traceMethods = {
  'trace.transaction': method<TraceView>()({
    input: z.strictObject({ networkId: networkIdSchema, hash: hashSchema }),
    doc:
      "A mined transaction's call tree: each frame's kind, caller, callee, value, input, output, gas and error, its call and revert decoded " +
      "(function names, arguments, custom errors), a summary (calls, depth, failed frames, the path to where the revert began). From the node's " +
      "callTracer where it offers one, else replayed in Blockglass on the parent block's state read with standard methods, checked against the receipt.",
  }),
  'trace.whatIf': method<WhatIfView>()({
    input: z.strictObject({ networkId: networkIdSchema, hash: hashSchema, change: whatIfChangeSchema }),
    doc:
      'A mined transaction run again as a call on its parent block\'s state (not after its block\'s earlier transactions), once as it was ' +
      'and once with one thing changed: its gas limit, its value, its sender, one argument of its decoded function, an account\'s balance or ' +
      'a storage slot. Both outcomes (status, gas used, return or revert decoded, the call tree and its summary), side by side. Always ' +
      'replayed in Blockglass, on any node.',
  }),
  'trace.state': method<StateView>()({
    input: z.strictObject({ networkId: networkIdSchema, hash: hashSchema }),
    doc:
      'What a mined transaction changed: per address, its balance, nonce, code and each storage slot before and after (slots named by ' +
      "variable where the contract's storage layout is known), and token balance changes in token units. From the node's prestateTracer in " +
      'diff mode where it offers one, else from the replay in Blockglass, checked against the receipt.',
  }),
} as const;
