import type { Account } from '@ethereumjs/util';
import { bytesToHex } from '@ethereumjs/util';
import type { LayeredState } from './layeredState';

/** One account in a node's `prestateTracer` diff (geth's `diffMode`): only what the section holds for it. */
export interface PrestateAccount {
  balance?: `0x${string}`;
  nonce?: number;
  code?: `0x${string}`;
  /** Changed slots, 32-byte keys to 32-byte values (zero values left out). */
  storage?: Record<`0x${string}`, `0x${string}`>;
}

/** What a transaction changed, as `prestateTracer` with `diffMode` states it: the before and after of each account. */
export interface PrestateDiff {
  pre: Record<`0x${string}`, PrestateAccount>;
  post: Record<`0x${string}`, PrestateAccount>;
}

/**
 * The changes of the transaction whose writes are the state's top layer, in `prestateTracer` diff terms as Anvil
 * states them: `pre` has each changed account as it was (balance, a non-zero nonce, code, the changed slots that
 * were not zero; an account that did not exist has a zero balance), except the contracts the transaction created
 * (`created`); `post` has only what changed (slots now zero left out), and no account the transaction destroyed.
 * Accounts touched but left as they were appear in neither.
 */
export async function stateDiffOf(state: LayeredState, created: ReadonlySet<string>): Promise<PrestateDiff> {
  const { addresses, slots, before, after } = state.topChanges();
  const diff: PrestateDiff = { pre: {}, post: {} };
  for (const id of [...addresses].sort()) {
    const [was, is, wasCode, isCode] = await Promise.all([before.account(id), after.account(id), before.code(id), after.code(id)]);
    const preStorage: Record<`0x${string}`, `0x${string}`> = {};
    const postStorage: Record<`0x${string}`, `0x${string}`> = {};
    let storageChanged = false;
    for (const slot of slots.get(id) ?? []) {
      const [old, now] = await Promise.all([before.storage(id, slot), after.storage(id, slot)]);
      if (word(old) === word(now)) continue;
      storageChanged = true;
      if (!isZero(old)) preStorage[slot as `0x${string}`] = word(old);
      if (!isZero(now)) postStorage[slot as `0x${string}`] = word(now);
    }
    const accountChanged =
      !sameAccount(was, is) || bytesToHex(wasCode) !== bytesToHex(isCode);
    if (!accountChanged && !storageChanged) continue;
    const address = id as `0x${string}`;
    if (!created.has(id)) {
      diff.pre[address] = {
        balance: quantity(was?.balance ?? 0n),
        ...(was && was.nonce > 0n ? { nonce: Number(was.nonce) } : {}),
        ...(wasCode.length > 0 ? { code: bytesToHex(wasCode) } : {}),
        ...(Object.keys(preStorage).length > 0 ? { storage: preStorage } : {}),
      };
    }
    if (is) {
      const post: PrestateAccount = {};
      if (is.balance !== (was?.balance ?? 0n)) post.balance = quantity(is.balance);
      if (is.nonce !== (was?.nonce ?? 0n)) post.nonce = Number(is.nonce);
      if (bytesToHex(isCode) !== bytesToHex(wasCode)) post.code = bytesToHex(isCode);
      if (Object.keys(postStorage).length > 0) post.storage = postStorage;
      diff.post[address] = post;
    }
  }
  return diff;
}

function sameAccount(a: Account | undefined, b: Account | undefined): boolean {
  if (!a || !b) return !a === !b;
  return a.balance === b.balance && a.nonce === b.nonce;
}

function word(value: Uint8Array): `0x${string}` {
  return `0x${Buffer.from(value).toString('hex').padStart(64, '0')}`;
}

function isZero(value: Uint8Array): boolean {
  return value.every((byte) => byte === 0);
}

function quantity(value: bigint): `0x${string}` {
  return `0x${value.toString(16)}`;
}
