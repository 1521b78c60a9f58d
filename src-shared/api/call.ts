import type { AbiFunction, AbiParameter } from 'viem';
import { z } from 'zod';
import type { AbiError } from '../decoding/candidates';
import type { Decoding } from '../decoding/types';
import { networkIdSchema } from '../networks/network';
import type { CallHistoryEntry, CallOutcome, CallRequest, ContractAbiView, SuggestedFrom } from '../call/types';
import { parseStarknetBlockId } from '../starknet/blockId';
import { ADDRESS_BOUND, FIELD_PRIME } from '../starknet/felt';
import { selectorFromName } from '../starknet/selector';
import type { StarknetCallOutcome, StarknetCallRequest } from '../starknet/types';
import { method } from './define';
import { addressSchema, blockIdSchema } from './explorer';
import { groupDigits } from '../text/groupDigits';

// Area `call`: the call playground. A call is checked here as the form checks it: the spec's call object with
// `from` required, quantities as 0x hex, data as whole bytes, one kind of fee, overrides per address.

const MAX_DATA_CHARS = 2 * 1024 * 1024;
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,63})$/;
const quantitySchema = (what: string) => z.string().regex(QUANTITY, `${what} is a quantity: 0x and hex digits without leading zeros (0x0, 0x5208).`);
const dataSchema = (what: string) =>
  z
    .string()
    .max(MAX_DATA_CHARS, `${what} is at most ${groupDigits(MAX_DATA_CHARS)} characters.`)
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/, `${what} is 0x followed by whole bytes of hex (an even number of digits).`);
const WORD = /^0x[0-9a-fA-F]{64}$/;
const wordSchema = z.string().regex(WORD, 'A storage value is 0x followed by 64 hex digits.');
/** Storage slots and their values (the record's keys checked here: zod's own message for a key says only "invalid key"). */
const slotsSchema = z.record(z.string(), wordSchema).superRefine((slots, context) => {
  for (const slot of Object.keys(slots)) if (!WORD.test(slot)) context.addIssue({ code: 'custom', path: [slot], message: `The storage slot ${slot.slice(0, 80)} is not 0x followed by 64 hex digits.` });
});

const callObjectSchema = z
  .strictObject({
    from: addressSchema,
    to: addressSchema.optional(),
    gas: quantitySchema('gas').optional(),
    gasPrice: quantitySchema('gasPrice').optional(),
    maxPriorityFeePerGas: quantitySchema('maxPriorityFeePerGas').optional(),
    maxFeePerGas: quantitySchema('maxFeePerGas').optional(),
    value: quantitySchema('value').optional(),
    data: dataSchema('data').optional(),
  })
  .superRefine((call, context) => {
    if (call.gasPrice !== undefined && (call.maxFeePerGas !== undefined || call.maxPriorityFeePerGas !== undefined)) {
      context.addIssue({ code: 'custom', path: ['gasPrice'], message: 'Give gasPrice or the EIP-1559 fees (maxFeePerGas, maxPriorityFeePerGas), not both.' });
    }
    // zod runs this after a failed pattern too: the fees are compared only when both are quantities.
    const fees = [call.maxFeePerGas, call.maxPriorityFeePerGas];
    if (fees.every((fee) => fee !== undefined && QUANTITY.test(fee)) && BigInt(call.maxPriorityFeePerGas!) > BigInt(call.maxFeePerGas!)) {
      context.addIssue({ code: 'custom', path: ['maxPriorityFeePerGas'], message: 'maxPriorityFeePerGas cannot be above maxFeePerGas.' });
    }
  });

const overrideSchema = z
  .strictObject({
    balance: quantitySchema('An override balance').optional(),
    nonce: quantitySchema('An override nonce').optional(),
    code: dataSchema('Override code').optional(),
    state: slotsSchema.optional(),
    stateDiff: slotsSchema.optional(),
  })
  .refine((override) => !(override.state && override.stateDiff), 'An override sets state (all storage) or stateDiff (some slots), not both.');

const parameterSchema: z.ZodType<AbiParameter> = z.lazy(() =>
  z.object({
    name: z.string().max(200).optional(),
    type: z.string().regex(/^[a-z][a-z0-9]*(\[[0-9]*\])*$|^tuple(\[[0-9]*\])*$/, 'An ABI type is a Solidity type such as uint256, bytes32[], or tuple.'),
    internalType: z.string().max(500).optional(),
    components: z.array(parameterSchema).max(100).optional(),
  }),
) as z.ZodType<AbiParameter>;

/** An ABI function item (JSON ABI form), as the form picked it. */
const functionSchema = z.object({
  type: z.literal('function'),
  name: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,199}$/, 'A function name is letters, digits, _ and $.'),
  inputs: z.array(parameterSchema).max(100),
  outputs: z.array(parameterSchema).max(100),
  stateMutability: z.enum(['pure', 'view', 'nonpayable', 'payable']),
}) as unknown as z.ZodType<AbiFunction>;

/** An ABI error item (JSON ABI form), from an ABI pasted in the playground. */
const errorSchema = z.object({
  type: z.literal('error'),
  name: z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,199}$/, 'An error name is letters, digits, _ and $.'),
  inputs: z.array(parameterSchema).max(100),
}) as unknown as z.ZodType<AbiError>;

export const callRequestSchema = z.strictObject({
  call: callObjectSchema,
  block: blockIdSchema,
  overrides: z.record(addressSchema, overrideSchema).optional(),
  fn: functionSchema.optional(),
  errors: z.array(errorSchema).max(1000, 'At most 1,000 custom errors from a pasted ABI.').optional(),
}) satisfies z.ZodType<CallRequest>;

/** The spec's FELT: 0x hex without leading zeros, below the field prime. */
const FELT = /^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,62})$/;
// zod runs a refinement after a failed pattern too: each one reads the text only when it is a felt.
const feltSchema = (what: string) =>
  z
    .string()
    .regex(FELT, `${what} is a felt: 0x and up to 63 hex digits, without leading zeros.`)
    .refine((felt) => !FELT.test(felt) || BigInt(felt) < FIELD_PRIME, `${what} is not below Starknet's field prime.`);

export const starknetCallRequestSchema = z
  .strictObject({
    contractAddress: feltSchema('The contract address').refine((felt) => !FELT.test(felt) || BigInt(felt) < ADDRESS_BOUND, 'A contract address is below 2^251.'),
    selector: feltSchema('The entry point selector'),
    functionName: z.string().max(200).optional(),
    calldata: z.array(feltSchema('A calldata felt')).max(10_000, 'At most 10,000 calldata felts.'),
    block: z.string().max(80),
    args: z
      .array(z.strictObject({ kind: z.enum(['felt', 'u256', 'shortString', 'address']), text: z.string().max(200) }))
      .max(10_000)
      .optional(),
  })
  .superRefine((request, context) => {
    const block = parseStarknetBlockId(request.block);
    if (!block.ok) context.addIssue({ code: 'custom', path: ['block'], message: block.message });
    if (request.functionName !== undefined) {
      const named = selectorFromName(request.functionName);
      if (!named.ok) context.addIssue({ code: 'custom', path: ['functionName'], message: named.message });
      else if (FELT.test(request.selector) && BigInt(named.selector) !== BigInt(request.selector)) {
        context.addIssue({ code: 'custom', path: ['selector'], message: `The selector is not ${request.functionName}'s (${named.selector}).` });
      }
    }
  }) as unknown as z.ZodType<StarknetCallRequest>;

const historyIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The methods of area `call`. */
export const callMethods = {
  'call.run': method<CallOutcome>()({
    input: z.strictObject({ networkId: networkIdSchema, request: callRequestSchema }),
    doc: "Runs eth_call (with state overrides when given) and keeps it in the history: outputs decoded with the function's ABI, or the node's error with its revert data decoded; elapsed time; a warning when gas is over 10x the block gas limit.",
  }),
  'call.starknet': method<StarknetCallOutcome>()({
    input: z.strictObject({ networkId: networkIdSchema, request: starknetCallRequestSchema }),
    doc: "Runs Starknet's call (starknet_call, params by name) on a Starknet network: the result felts, or the node's error explained (contract or entry point not found, the contract's failure with its trace). `pending` is sent as the node's spec names it.",
  }),
  'call.abi': method<ContractAbiView>()({
    input: z.strictObject({ networkId: networkIdSchema, address: addressSchema }),
    doc: "A contract's functions and errors for the playground: its imported ABI, else its metadata's ABI from the content store, else the selectors in its code named by the signature database.",
  }),
  'call.suggestedFrom': method<SuggestedFrom>()({
    input: z.strictObject({ networkId: networkIdSchema }),
    doc: "The address From is filled with on a network: the node's first account where it offers eth_accounts, else the from of the network's newest call, else none.",
  }),
  'call.decodeData': method<Decoding>()({
    input: z.strictObject({ networkId: networkIdSchema, to: addressSchema.nullable(), data: dataSchema('data') }),
    doc: 'Calldata decoded with every source (imported ABI, metadata, signature database, a guess of the types): what the form shows when the data is edited directly.',
  }),
  'call.history': method<CallHistoryEntry[]>()({
    input: z.strictObject({ networkId: networkIdSchema }),
    doc: "A network's calls, pinned ones first, then the newest (at most 200).",
  }),
  'call.pin': method<CallHistoryEntry>()({
    input: z.strictObject({ id: historyIdSchema, pinned: z.boolean() }),
    doc: 'Pins a call as a favourite, or unpins it.',
  }),
  'call.deleteHistory': method<{ deleted: boolean }>()({
    input: z.strictObject({ id: historyIdSchema }),
    doc: 'Removes a call from the history.',
  }),
} as const;
