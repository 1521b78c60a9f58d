import type { PrestateAccount, PrestateDiff } from '../stateDiff';

/**
 * A node's `prestateTracer` diff-mode answer with its hex lowercased and quantities without leading zeros (the only
 * normalising the comparison allows), for comparing with a replay's.
 */
export function prestateOf(answer: unknown): PrestateDiff {
  const { pre, post } = answer as { pre?: Record<string, PrestateAccount>; post?: Record<string, PrestateAccount> };
  return { pre: accounts(pre ?? {}), post: accounts(post ?? {}) };
}

function accounts(section: Record<string, PrestateAccount>): Record<`0x${string}`, PrestateAccount> {
  return Object.fromEntries(
    Object.entries(section).map(([address, account]) => [
      address.toLowerCase(),
      {
        ...(account.balance === undefined ? {} : { balance: `0x${BigInt(account.balance).toString(16)}` }),
        ...(account.nonce === undefined ? {} : { nonce: account.nonce }),
        ...(account.code === undefined ? {} : { code: account.code.toLowerCase() as `0x${string}` }),
        ...(account.storage === undefined
          ? {}
          : { storage: Object.fromEntries(Object.entries(account.storage).map(([slot, value]) => [word(slot), word(value)])) }),
      },
    ]),
  );
}

function word(hex: string): `0x${string}` {
  return `0x${hex.slice(2).toLowerCase().padStart(64, '0')}`;
}
