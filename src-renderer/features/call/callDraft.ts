import type { AbiFunction } from 'viem';
import { create } from 'zustand';
import { argsToForm, type FormValue } from '../../../src-shared/call/abiForm';
import type { CallLink } from '../../../src-shared/call/callRequestText';
import type { AccountOverride, CallHistoryEntry } from '../../../src-shared/call/types';
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

/** The key a function is picked by: its canonical signature. */
export const fnKeyOf = (fn: AbiFunction) => canonicalSignature(fn);

/** The quantity fields of the call object, with the words their problems name them by. */
export const QUANTITY_FIELDS = [
  ['value', 'Value'],
  ['gas', 'Gas'],
  ['gasPrice', 'Gas price'],
  ['maxFeePerGas', 'Max fee per gas'],
  ['maxPriorityFeePerGas', 'Max priority fee per gas'],
] as const;

/** The draft a link fills (`/call?to=…&data=…&from=…&block=…`), ready to run; `from` defaults to the network's. */
export function draftFromLink(link: CallLink, defaultFrom: string): CallDraft {
  return { ...EMPTY_DRAFT, from: link.from ?? defaultFrom, to: link.to ?? '', block: link.block ?? 'latest', value: link.value ?? '', gas: link.gas ?? '', dataText: link.data ?? null };
}

/** The draft a past call is run again from: its fields as it was asked, its calldata as typed, its function kept. */
export function draftFromEntry(entry: CallHistoryEntry, draft: CallDraft): Partial<CallDraft> {
  const asked = entry.request;
  const text = (value: string | undefined) => (value === undefined ? '' : BigInt(value).toString(10));
  return {
    to: asked.call.to ?? '',
    from: asked.call.from,
    block: asked.block,
    value: text(asked.call.value),
    gas: text(asked.call.gas),
    gasPrice: text(asked.call.gasPrice),
    maxFeePerGas: text(asked.call.maxFeePerGas),
    maxPriorityFeePerGas: text(asked.call.maxPriorityFeePerGas),
    overridesText: asked.overrides ? JSON.stringify(asked.overrides, null, 2) : '',
    dataText: asked.call.data ?? '0x',
    fnKey: asked.fn ? fnKeyOf(asked.fn) : draft.fnKey,
    ...(asked.fn ? { abiText: draft.abiText || JSON.stringify([asked.fn]) } : {}),
  };
}

/** The draft with the arguments a function's calldata decodes to, the calldata then written by the form again. */
export function draftFromArgs(fn: AbiFunction, args: readonly unknown[]): Partial<CallDraft> {
  return { fnKey: fnKeyOf(fn), args: argsToForm(fn.inputs, [...args]), dataText: null };
}

/** State overrides as typed: none when empty, the object of addresses when it reads, or why not in words. */
export function readOverrides(text: string): { ok: true; value: Record<string, AccountOverride> | undefined } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('it is not an object of addresses');
    return { ok: true, value: value as Record<string, AccountOverride> };
  } catch (error) {
    return { ok: false, message: `State overrides are JSON, { "0xaddress": { "balance": "0x…", "code": "0x…", "stateDiff": { "0xslot": "0xvalue" } } }: ${(error as Error).message}.` };
  }
}

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
