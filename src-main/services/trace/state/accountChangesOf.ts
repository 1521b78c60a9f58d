import type { AccountChangeView, PrestateAccountView, PrestateDiffView, SlotChangeView } from '../../../../src-shared/trace/stateView';

const ZERO_WORD = `0x${'0'.repeat(64)}` as const;

/**
 * Each changed address of a `prestateTracer` diff (geth's `diffMode`, as Anvil states it) with each changed field
 * before and after. `pre` holds an account as it was (a nonce of 0, no code and empty slots left out), `post` only
 * what changed (slots now empty left out); an address only in `post` was created by the transaction, one only in
 * `pre` destroyed by it. Pure; the slots are not named here (`nameSlots`).
 */
export function accountChangesOf(diff: PrestateDiffView): AccountChangeView[] {
  const addresses = [...new Set([...Object.keys(diff.pre), ...Object.keys(diff.post)].map((address) => address.toLowerCase()))].sort();
  const find = (section: Record<string, PrestateAccountView>, address: string) =>
    section[address] ?? Object.entries(section).find(([key]) => key.toLowerCase() === address)?.[1];
  return addresses.map((address) => {
    const pre = find(diff.pre, address);
    const post = find(diff.post, address);
    const created = !pre;
    const destroyed = !post;
    const was = { balance: quantity(pre?.balance ?? '0x0'), nonce: pre?.nonce ?? 0, code: (pre?.code ?? '0x').toLowerCase() as `0x${string}` };
    const is = destroyed
      ? { balance: '0x0' as const, nonce: 0, code: '0x' as const }
      : { balance: post.balance !== undefined ? quantity(post.balance) : was.balance, nonce: post.nonce ?? was.nonce, code: (post.code ?? was.code).toLowerCase() as `0x${string}` };
    const account: AccountChangeView = { address: address as `0x${string}`, roles: [], created, destroyed, storage: storageChanges(pre?.storage, destroyed ? {} : post?.storage) };
    if (BigInt(was.balance) !== BigInt(is.balance)) account.balance = { before: was.balance, after: is.balance };
    if (was.nonce !== is.nonce) account.nonce = { before: was.nonce, after: is.nonce };
    if (was.code !== is.code) account.code = { before: was.code, after: is.code };
    return account;
  });
}

/** The slots of either section, each before and after (a slot absent from a section is empty there), in slot order. */
function storageChanges(pre: PrestateAccountView['storage'] = {}, post: PrestateAccountView['storage'] = {}): SlotChangeView[] {
  const before = normalised(pre);
  const after = normalised(post);
  return [...new Set([...before.keys(), ...after.keys()])]
    .sort()
    .map((slot) => ({ slot, before: before.get(slot) ?? ZERO_WORD, after: after.get(slot) ?? ZERO_WORD }))
    .filter((change) => change.before !== change.after);
}

function normalised(storage: Record<string, string>): Map<`0x${string}`, `0x${string}`> {
  return new Map(Object.entries(storage).map(([slot, value]) => [word(slot), word(value)]));
}

function word(hex: string): `0x${string}` {
  return `0x${hex.slice(2).toLowerCase().padStart(64, '0')}`;
}

function quantity(hex: string): `0x${string}` {
  return `0x${BigInt(hex).toString(16)}`;
}
