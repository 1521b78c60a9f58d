import type { AbiFunction } from 'viem';
import { create } from 'zustand';
import type { FormValue } from '../../../src-shared/call/abiForm';
import { canonicalSignature } from '../../../src-shared/decoding/candidates';

/** What is typed in the playground: kept across screens (leaving the page loses nothing), never a key. */
export interface CallDraft {
  to: string;
  from: string;
  block: string;
  value: string;
  gas: string;
  gasPrice: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  /** A pasted JSON ABI or human-readable signatures; when given it is the ABI, before the contract's. */
  abiText: string;
  /** The picked function's canonical signature. */
  fnKey: string;
  args: FormValue[];
  /** Calldata typed directly; null while the form writes it. */
  dataText: string | null;
  overridesText: string;
}

export const EMPTY_DRAFT: CallDraft = { to: '', from: '', block: 'latest', value: '', gas: '', gasPrice: '', maxFeePerGas: '', maxPriorityFeePerGas: '', abiText: '', fnKey: '', args: [], dataText: null, overridesText: '' };

/** The draft per network. */
export const useCallDrafts = create<{ drafts: Record<string, CallDraft>; set(networkId: string, change: Partial<CallDraft>): void }>()((set) => ({
  drafts: {},
  set: (networkId, change) => set((state) => ({ drafts: { ...state.drafts, [networkId]: { ...(state.drafts[networkId] ?? EMPTY_DRAFT), ...change } } })),
}));

export const fnKeyOf = (fn: AbiFunction) => canonicalSignature(fn);

/** A quantity as typed (decimal or 0x hex) in the spec's form; undefined when empty; an error in words when not a whole number. */
export function toQuantity(text: string, what: string): { ok: true; value: string | undefined } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if (/^[0-9]+$/.test(trimmed) || /^0x[0-9a-fA-F]+$/.test(trimmed)) {
    const value = BigInt(trimmed);
    if (value >= 2n ** 256n) return { ok: false, message: `${what} is too large (at most 2^256 - 1).` };
    return { ok: true, value: `0x${value.toString(16)}` };
  }
  return { ok: false, message: `${what} is a whole number, in decimal or 0x hex.` };
}
