import type { TransactionView } from '../../../../../src-shared/api/explorer';
import type { WhatIfChange } from '../../../../../src-shared/api/trace';
import { parseLeaf } from '../../../../../src-shared/call/abiForm';
import type { DecodedValue } from '../../../../../src-shared/decoding/types';

// The What if form as text, as typed and as a link carries it (`?tab=whatif&gas=60000`), and the change it makes.
// Pure: the tab, its test and the journey read links the same way.

/** What a what-if changes. */
export type WhatIfKind = WhatIfChange['kind'];

/** One argument of the transaction's decoded function, with its value as the form shows it. */
export interface OriginalArgument {
  name: string;
  type: string;
  text: string;
}

/** The transaction's own values, which the form starts from. */
export interface WhatIfOriginal {
  gasLimit: bigint;
  value: bigint;
  from: string;
  to: string | null;
  /** The decoded function's arguments; empty when it calls no known function. */
  args: OriginalArgument[];
  /** The decoded function's name, when known. */
  functionName?: string;
}

/** The form: every field's text, and which change is chosen. */
export interface WhatIfDraft {
  kind: WhatIfKind;
  gasLimit: string;
  value: string;
  sender: string;
  /** The argument's index, from 0. */
  argument: number;
  argumentValue: string;
  account: string;
  balance: string;
  contract: string;
  slot: string;
  slotValue: string;
}

/** A field of the form. */
export type DraftField = Exclude<keyof WhatIfDraft, 'kind' | 'argument'>;

/** What a link says for each change, in this order (the first one present wins). */
const PARAMS = {
  gasLimit: ['gas'],
  value: ['value'],
  sender: ['sender'],
  argument: ['arg', 'argValue'],
  balance: ['balanceOf', 'balance'],
  storage: ['storageOf', 'slot', 'slotValue'],
} as const satisfies Record<WhatIfKind, readonly string[]>;

const MAX_GAS = 2n ** 64n - 1n;
const MAX_WORD = 2n ** 256n - 1n;

/** The transaction's values as the form starts from them. */
export function originalOf(view: TransactionView): WhatIfOriginal {
  const tx = view.transaction as Record<string, unknown>;
  const input = view.input?.status === 'decoded' ? view.input : undefined;
  return {
    gasLimit: BigInt(String(tx.gas ?? '0x0')),
    value: BigInt(String(tx.value ?? '0x0')),
    from: String(tx.from ?? ''),
    to: typeof tx.to === 'string' ? tx.to : null,
    args: input ? input.args.map((arg) => ({ name: arg.name, type: arg.type, text: argumentText(arg.value) })) : [],
    ...(input ? { functionName: input.name } : {}),
  };
}

/** A decoded value as the form takes it: a leaf as its text, an array or a tuple as JSON of texts. */
export function argumentText(value: DecodedValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  const texts = (part: DecodedValue): unknown => (Array.isArray(part) ? part.map(texts) : typeof part === 'object' ? Object.values(part).map(texts) : String(part));
  return JSON.stringify(texts(value));
}

/** The form as it opens: the transaction's own values, then the change the link carries (a failed transaction's gas limit first otherwise). */
export function draftOf(original: WhatIfOriginal, search: string): WhatIfDraft {
  const params = new URLSearchParams(search);
  const draft: WhatIfDraft = {
    kind: 'gasLimit',
    gasLimit: original.gasLimit.toString(10),
    value: original.value.toString(10),
    sender: original.from,
    argument: 0,
    argumentValue: original.args[0]?.text ?? '',
    account: original.from,
    balance: '',
    contract: original.to ?? '',
    slot: '',
    slotValue: '',
  };
  const kind = kindInSearch(search);
  if (!kind) return draft;
  const get = (name: string) => params.get(name) ?? '';
  switch (kind) {
    case 'gasLimit':
      return { ...draft, kind, gasLimit: get('gas') };
    case 'value':
      return { ...draft, kind, value: get('value') };
    case 'sender':
      return { ...draft, kind, sender: get('sender') };
    case 'argument': {
      const index = Number(get('arg'));
      const argument = Number.isInteger(index) && index >= 0 && index < Math.max(1, original.args.length) ? index : 0;
      return { ...draft, kind, argument, argumentValue: params.has('argValue') ? get('argValue') : (original.args[argument]?.text ?? '') };
    }
    case 'balance':
      return { ...draft, kind, account: get('balanceOf'), balance: get('balance') };
    case 'storage':
      return { ...draft, kind, contract: get('storageOf'), slot: get('slot'), slotValue: get('slotValue') };
  }
}

/** The change a link carries, if any (`gas=…`, `value=…`, `sender=…`, `arg=…`, `balanceOf=…`, `storageOf=…`). */
export function kindInSearch(search: string): WhatIfKind | undefined {
  const params = new URLSearchParams(search);
  return (Object.keys(PARAMS) as WhatIfKind[]).find((kind) => params.has(PARAMS[kind][0]));
}

/** The link's search string for a draft's change: the tab and the one change, as typed. */
export function searchOf(draft: WhatIfDraft): string {
  const params = new URLSearchParams({ tab: 'whatif' });
  const values: Record<WhatIfKind, string[]> = {
    gasLimit: [draft.gasLimit],
    value: [draft.value],
    sender: [draft.sender],
    argument: [String(draft.argument), draft.argumentValue],
    balance: [draft.account, draft.balance],
    storage: [draft.contract, draft.slot, draft.slotValue],
  };
  // An argument as typed (a string argument's spaces are its own); every other field trimmed.
  PARAMS[draft.kind].forEach((name, i) => params.set(name, name === 'argValue' ? values[draft.kind][i]! : values[draft.kind][i]!.trim()));
  return params.toString();
}

/** The change a draft makes, as the contract takes it, or each field's problem in words. */
export function changeOf(draft: WhatIfDraft, original: WhatIfOriginal): { ok: true; change: WhatIfChange } | { ok: false; errors: Partial<Record<DraftField, string>> } {
  const errors: Partial<Record<DraftField, string>> = {};
  const whole = (field: DraftField, what: string, max: bigint): string | undefined => {
    const text = draft[field].trim();
    if (text === '') return void (errors[field] = `Enter ${what}.`);
    const value = /^[0-9]+$/.test(text) || /^0x[0-9a-fA-F]+$/.test(text) ? BigInt(text) : undefined;
    if (value === undefined) return void (errors[field] = `${capital(what)} is a whole number, in decimal or 0x hex.`);
    if (value > max) return void (errors[field] = `${capital(what)} is at most ${max === MAX_GAS ? '2^64 − 1' : '2^256 − 1'}.`);
    return `0x${value.toString(16)}`;
  };
  const address = (field: DraftField, what: string): `0x${string}` | undefined => {
    const read = parseLeaf('address', draft[field]);
    if (!read.ok) return void (errors[field] = draft[field].trim() === '' ? `Enter ${what}.` : read.message);
    return read.value as `0x${string}`;
  };
  let change: WhatIfChange | undefined;
  switch (draft.kind) {
    case 'gasLimit': {
      const gasLimit = whole('gasLimit', 'a gas limit', MAX_GAS);
      if (gasLimit === '0x0') errors.gasLimit = 'A gas limit is at least 1 (a transaction pays 21,000 before its code runs).';
      else if (gasLimit) change = { kind: 'gasLimit', gasLimit };
      break;
    }
    case 'value': {
      const value = whole('value', 'a value in wei', MAX_WORD);
      if (value) change = { kind: 'value', value };
      break;
    }
    case 'sender': {
      const sender = address('sender', 'a sender address');
      if (sender) change = { kind: 'sender', sender };
      break;
    }
    case 'argument': {
      const argument = original.args[draft.argument];
      if (!argument) {
        errors.argumentValue = 'This transaction calls no function Blockglass can decode, so it has no argument to change.';
        break;
      }
      const leaf = !/\]$/.test(argument.type) && !argument.type.startsWith('(');
      if (leaf && argument.type !== 'string') {
        const read = parseLeaf(argument.type, draft.argumentValue);
        if (!read.ok) {
          errors.argumentValue = draft.argumentValue.trim() === '' ? `Enter a value for ${argument.name}.` : read.message;
          break;
        }
      }
      change = { kind: 'argument', index: draft.argument, value: draft.argumentValue };
      break;
    }
    case 'balance': {
      const account = address('account', 'an account address');
      const balance = whole('balance', 'a balance in wei', MAX_WORD);
      if (account && balance) change = { kind: 'balance', address: account, balance };
      break;
    }
    case 'storage': {
      const contract = address('contract', 'a contract address');
      const slot = whole('slot', 'a storage slot', MAX_WORD);
      const slotValue = whole('slotValue', "the slot's new value", MAX_WORD);
      if (contract && slot && slotValue) change = { kind: 'storage', address: contract, slot, value: slotValue };
      break;
    }
  }
  return change ? { ok: true, change } : { ok: false, errors };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
