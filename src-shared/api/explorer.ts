import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import { isAddressText } from '../chain/isAddressText';
import { MAX_ABI_INPUT_CHARS } from '../decoding/parseAbiInput';
import { blockIdProblem } from '../chain/blockId';
import { nameSchema } from '../text/nameSchema';
import { method, topic } from './define';
import type { AddressMark, AddressView, BlockView, ImportedAbiView, LatestView, StorageView, TokenFactsView, TransactionView } from './explorerViews';

// Area `explorer`: blocks, transactions, receipts, addresses and storage of one network, decoded.
// Chain objects travel as the node sent them (every field of the spec's tables, 0x hex), beside what the
// app made of them (decoded input, logs and reverts, fees, token transfers). The views themselves, what the
// methods answer, are in explorerViews.ts, and exported from here too.

export type * from './explorerViews';

/** A block number (decimal or 0x hex), a block hash, or a tag. */
export const blockIdSchema = z.string().superRefine((text, context) => {
  const problem = blockIdProblem(text);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
export const addressSchema = z.string().refine(isAddressText, 'An address is 0x followed by 40 hex digits.');
export const hashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hex digits.');
const slotSchema = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'A storage slot is 0x followed by 1 to 64 hex digits.');

/** The methods of area `explorer`. */
export const explorerMethods = {
  'explorer.block': method<BlockView>()({
    input: z.strictObject({ networkId: networkIdSchema, block: blockIdSchema }),
    doc: 'A block by number, hash or tag, with every transaction and its receipt outcome, and its uncles.',
  }),
  'explorer.transaction': method<TransactionView>()({
    input: z.union([
      z.strictObject({ networkId: networkIdSchema, hash: hashSchema }),
      z.strictObject({ networkId: networkIdSchema, blockHash: hashSchema, index: z.number().int().min(0).max(1_000_000) }),
    ]),
    doc: 'A transaction by hash (or block hash and index) with its receipt, decoded input and logs, token transfers, and the reason of a failure.',
  }),
  'explorer.address': method<AddressView>()({
    input: z.strictObject({ networkId: networkIdSchema, address: addressSchema, block: blockIdSchema.optional() }),
    doc: 'Balance, nonce and code of an address at a block, and its ABI when one is known.',
  }),
  'explorer.marks': method<Record<string, AddressMark>>()({
    input: z.strictObject({ networkId: networkIdSchema, addresses: z.array(addressSchema).max(2000, 'At most 2,000 addresses at a time.') }),
    doc: 'Whether each address holds code, and its label: the marks a table shows beside addresses (by lowercase address).',
  }),
  'explorer.importAbi': method<ImportedAbiView>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      address: addressSchema,
      abi: z.string().max(MAX_ABI_INPUT_CHARS, 'An ABI is at most 2 MiB.'),
      label: nameSchema().optional(),
    }),
    doc: "Imports an ABI (JSON, a Foundry or Hardhat artifact, or signatures one per line) for an address on the network's chain, with an optional label; it decodes first from then on.",
  }),
  'explorer.deleteAbi': method<{ deleted: boolean }>()({
    input: z.strictObject({ networkId: networkIdSchema, address: addressSchema }),
    doc: 'Forgets the ABI and label imported for an address.',
  }),
  'explorer.tokenFacts': method<TokenFactsView>()({
    input: z.strictObject({
      networkId: networkIdSchema,
      token: addressSchema,
      /** The block to read at (0x number); the head when absent. */
      block: z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'A block number is 0x followed by 1 to 16 hex digits.').optional(),
      /** Whether to count an ERC-20's holders (its Transfer logs from block 0); true when absent. */
      holders: z.boolean().optional(),
    }),
    doc:
      "A token contract's facts at one block, from one batch of eth_calls: name, symbol, decimals, totalSupply, the standard " +
      '(ERC-165 supportsInterface for ERC-721 and ERC-1155, ERC-20 by the calls it answers), and for an ERC-20 its holder ' +
      "count and the top 10 holders' share from its Transfer logs up to that block (unless `holders` is false). Each fact " +
      'is absent on its own, with why.',
  }),
  'explorer.storage': method<StorageView>()({
    input: z.strictObject({ networkId: networkIdSchema, address: addressSchema, slot: slotSchema, block: blockIdSchema.optional() }),
    doc: 'One storage word of an address at a block (eth_getStorageAt).',
  }),
} as const;

/** The subscriptions of area `explorer`. */
export const explorerTopics = {
  'explorer.latest': topic<LatestView>()({
    mode: 'live',
    input: z.strictObject({ networkId: networkIdSchema, count: z.number().int().min(1).max(50).optional() }),
    doc: 'The latest blocks and transactions, again at every new head, gaps filled after a dropped feed; says when the chain was replaced.',
  }),
} as const;
