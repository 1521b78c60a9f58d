import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DELEGATOR_INDEX, PAYEE_INDICES, sandboxAccount, TRACER_INDEX, TRAFFIC_INDICES } from './accounts';
import { SANDBOX_MNEMONIC } from './anvil';

describe('sandboxAccount', () => {
  it("is Anvil's well-known account 0 for index 0", () => {
    expect(sandboxAccount(0).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it("derives the same keys as viem's mnemonicToAccount (the reference), for every index the sandbox uses", () => {
    for (const index of [0, 1, 9, 17, DELEGATOR_INDEX, TRACER_INDEX, ...TRAFFIC_INDICES, ...PAYEE_INDICES]) {
      const reference = mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: index });
      const account = sandboxAccount(index);
      expect(account.address).toBe(reference.address);
      expect(account.publicKey).toBe(reference.publicKey);
      expect(account.getHdKey().privateKey).toEqual(reference.getHdKey().privateKey);
    }
  });
});
