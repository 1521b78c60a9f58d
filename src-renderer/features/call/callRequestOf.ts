import type { AbiFunction } from 'viem';
import { addressTextProblem } from '../../../src-shared/chain/addressTextProblem';
import type { CallObject, CallRequest } from '../../../src-shared/call/types';
import type { AbiError } from '../../../src-shared/decoding/candidates';
import { callDataOf } from './callDataOf';
import { QUANTITY_FIELDS, readOverrides, toQuantity, type CallDraft } from './callDraft';

/**
 * The request a call draft asks, from the fields that read (one that does not is left out, and callProblems says
 * why): shown as JSON-RPC, curl and cast while it is typed, and run once it has no problems. `errors` are the pasted
 * ABI's custom errors, sent so that main decodes a revert with them.
 */
export function callRequestOf(draft: CallDraft, fn?: AbiFunction, errors: readonly AbiError[] = []): CallRequest {
  const data = callDataOf(draft, fn);
  const call: CallObject = { from: draft.from, ...(draft.to !== '' && addressTextProblem(draft.to) === undefined ? { to: draft.to } : {}), ...(data !== undefined ? { data } : {}) };
  for (const [key, label] of QUANTITY_FIELDS) {
    const quantity = toQuantity(draft[key], label);
    if (quantity.ok && quantity.value !== undefined) call[key] = quantity.value;
  }
  const overrides = readOverrides(draft.overridesText);
  return { call, block: draft.block.trim() || 'latest', ...(overrides.ok && overrides.value ? { overrides: overrides.value } : {}), ...(fn && draft.dataText === null ? { fn } : {}), ...(errors.length > 0 ? { errors: [...errors] } : {}) };
}
