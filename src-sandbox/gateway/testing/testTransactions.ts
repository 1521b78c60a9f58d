/**
 * Test support (not a test itself): signed raw transactions of every type, for tests that send
 * them through the gateway with eth_sendRawTransaction as a wallet would.
 */
import { parseGwei, type HDAccount, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { SANDBOX_CHAIN_ID, SANDBOX_MNEMONIC } from '../../chain/anvil';
import { ZERO_BLOB, zeroBlobKzg } from '../../chain/zero-blob-kzg';
import type { TestChain } from './testSupport';

/** The transaction types Anvil accepts, by viem's names. */
export type TxKind = 'legacy' | 'eip2930' | 'eip1559' | 'eip4844' | 'eip7702';

/** Anvil's funded dev account number `index` (0 is the one TestChain deploys with). */
export function testAccount(index: number): HDAccount {
  return mnemonicToAccount(SANDBOX_MNEMONIC, { addressIndex: index });
}

const FEES = { maxFeePerGas: parseGwei('100'), maxPriorityFeePerGas: parseGwei('1') };

/**
 * Signs a transaction of `kind` from `account`: a call to the fixture's `emitMany(2)` (so the
 * receipt has logs), except the blob one (a plain blob carrier). The EIP-7702 one delegates the
 * account to the fixture and calls itself, so the logs come from the account.
 */
export async function signTestTransaction(chain: TestChain, account: HDAccount, kind: TxKind): Promise<Hex> {
  const nonce = Number(await chain.rpc('eth_getTransactionCount', [account.address, 'pending']));
  const call = { chainId: SANDBOX_CHAIN_ID, nonce, to: chain.fixture, data: chain.data('emitMany', [2n]), gas: 300_000n };
  switch (kind) {
    case 'legacy':
      return account.signTransaction({ ...call, type: 'legacy', gasPrice: FEES.maxFeePerGas });
    case 'eip2930':
      return account.signTransaction({ ...call, type: 'eip2930', gasPrice: FEES.maxFeePerGas, accessList: [{ address: chain.fixture, storageKeys: [] }] });
    case 'eip1559':
      return account.signTransaction({ ...call, type: 'eip1559', ...FEES });
    case 'eip4844':
      return account.signTransaction({
        chainId: SANDBOX_CHAIN_ID,
        nonce,
        type: 'eip4844',
        to: account.address,
        blobs: [ZERO_BLOB],
        kzg: zeroBlobKzg,
        maxFeePerBlobGas: parseGwei('30'),
        gas: 21_000n,
        ...FEES,
      });
    case 'eip7702': {
      if (!account.signAuthorization) throw new Error('this viem account cannot sign EIP-7702 authorizations');
      // The sender is the authority: the transaction takes nonce n, so the authorization needs n + 1.
      const authorization = await account.signAuthorization({ address: chain.fixture, chainId: SANDBOX_CHAIN_ID, nonce: nonce + 1 });
      return account.signTransaction({ ...call, to: account.address, type: 'eip7702', authorizationList: [authorization], ...FEES });
    }
  }
}
