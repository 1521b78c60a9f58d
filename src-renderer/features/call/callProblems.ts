import type { AbiFunction } from 'viem';
import { addressTextProblem, BAD_CHECKSUM } from '../../../src-shared/chain/addressTextProblem';
import { callDataOf } from './callDataOf';
import { QUANTITY_FIELDS, readOverrides, toQuantity, type CallDraft } from './callDraft';

/** The fields of the call form a problem is said at. */
export type CallField = 'from' | 'to' | 'data' | 'value' | 'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'overrides';

/** Each field's problem in words; a draft that can run has none. */
export type CallProblems = Partial<Record<CallField, string>>;

const NOT_AN_ADDRESS = 'An address is 0x followed by 40 hex digits.';
const WHOLE_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

/** Why each field of a call draft cannot be sent as it is (`fn`: the function picked, when there is one). Pure. */
export function callProblems(draft: CallDraft, fn?: AbiFunction): CallProblems {
  const problems: CallProblems = {};
  const from = addressTextProblem(draft.from);
  if (draft.from === '') problems.from = 'The spec requires from: the address the call is made as.';
  else if (from) problems.from = from === 'checksum' ? BAD_CHECKSUM : NOT_AN_ADDRESS;
  const to = draft.to === '' ? undefined : addressTextProblem(draft.to);
  if (to) problems.to = to === 'checksum' ? BAD_CHECKSUM : NOT_AN_ADDRESS;

  const data = callDataOf(draft, fn);
  if (data === undefined) problems.data = 'Fill in the function’s arguments (marked below), or type the calldata.';
  else if (!WHOLE_BYTES.test(data)) problems.data = 'Calldata is 0x followed by whole bytes of hex (an even number of digits).';

  const given = new Set<string>();
  for (const [key, label] of QUANTITY_FIELDS) {
    const quantity = toQuantity(draft[key], label);
    if (!quantity.ok) problems[key] = quantity.message;
    else if (quantity.value !== undefined) given.add(key);
  }
  if (given.has('gasPrice') && (given.has('maxFeePerGas') || given.has('maxPriorityFeePerGas'))) problems.gasPrice = 'Give a gas price or the EIP-1559 fees, not both.';

  const overrides = readOverrides(draft.overridesText);
  if (!overrides.ok) problems.overrides = overrides.message;
  return problems;
}
