import { pbkdf2Sync } from 'node:crypto';
import type { HDAccount } from 'viem';
import { HDKey, hdKeyToAccount } from 'viem/accounts';
import { SANDBOX_MNEMONIC } from './anvil';

/** Mnemonic index of the account that deploys every contract and provides the first liquidity. */
export const DEPLOYER_INDEX = 0;
/** Accounts 1-9 are funded by Anvil at genesis; 10-17 start empty and are funded by the seeder. */
export const TRADER_INDICES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];
/**
 * The account that delegates to BatchCall with EIP-7702. Kept out of the traders so nothing sends
 * it plain 21,000-gas transfers: a delegated account runs code when paid, which costs more.
 */
export const DELEGATOR_INDEX = 18;
/**
 * The account that deploys and uses the trace showcase (seed-trace.ts), at the very end of the seed. An account
 * of its own so that the showcase adds nothing to the history of the accounts tests and journeys count.
 */
export const TRACER_INDEX = 19;
/** Paid by the trace showcase's internal ETH transfers, and by nothing else: their balances show exactly those. */
export const PAYEE_INDICES: readonly number[] = [26, 27];
/**
 * Accounts only the live traffic sends from, so its nonces never collide with seeding or with
 * people using accounts 0-9 (Anvil's well-known ones) through the gateway.
 */
export const TRAFFIC_INDICES: readonly number[] = [20, 21, 22, 23, 24, 25];

const cache = new Map<number, HDAccount>();
let masterKey: HDKey | undefined;

/**
 * The sandbox mnemonic's account at `index` (m/44'/60'/0'/0/index); derivation is cached. The BIP-39 seed
 * is computed once, with Node's native PBKDF2: viem's `mnemonicToAccount` recomputes it in JavaScript
 * for every account, which made the traffic's six accounts cost 0.3 s of every sandbox start.
 */
export function sandboxAccount(index: number): HDAccount {
  let account = cache.get(index);
  if (!account) {
    // BIP-39: seed = PBKDF2-HMAC-SHA512(NFKD(mnemonic), "mnemonic" + passphrase, 2048 rounds, 64 bytes).
    masterKey ??= HDKey.fromMasterSeed(pbkdf2Sync(SANDBOX_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'));
    account = hdKeyToAccount(masterKey, { addressIndex: index });
    cache.set(index, account);
  }
  return account;
}
