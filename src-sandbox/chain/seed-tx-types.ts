import { encodeFunctionData, parseEther, parseUnits, type Hex, type HDAccount } from 'viem';
import { batchCallAbi, reverterAbi, sandboxTokenAbi, storageShowcaseAbi } from './abis';
import { SANDBOX_CHAIN_ID } from './anvil';
import { GAS } from './gas-limits';
import type { Deployment } from './seed-deploy';
import type { SeedDriver } from './seed-driver';
import { BALANCES_SLOT, mappingSlot } from './storage-slots';
import { ZERO_BLOB, zeroBlobKzg } from './zero-blob-kzg';

/** One hash per transaction type, plus the failed transaction. */
export interface TxTypeHashes {
  legacy: Hex;
  accessList: Hex;
  eip1559: Hex;
  eip7702: Hex;
  blob: Hex;
  failed: Hex;
}

/**
 * Mines one transaction of every type Anvil accepts (legacy, EIP-2930, EIP-1559, EIP-7702,
 * EIP-4844 blob) and one that fails on chain: the 7702 one from `delegator`, each other from
 * its own trader (`others[0..4]`).
 */
export async function seedTransactionTypes(
  driver: SeedDriver,
  deployment: Deployment,
  senders: { delegator: HDAccount; others: readonly HDAccount[] },
): Promise<TxTypeHashes> {
  const { delegator } = senders;
  const [legacySender, accessListSender, eip1559Sender, blobSender, failingSender] = senders.others;
  if (!failingSender || !legacySender || !accessListSender || !eip1559Sender || !blobSender) {
    throw new Error('seedTransactionTypes needs five other senders');
  }
  const legacy = await driver.send(
    legacySender,
    { type: 'legacy', to: eip1559Sender.address, value: parseEther('1.5'), gas: GAS.ethTransfer, tip: parseUnits('3', 9) },
    'legacy transfer',
  );
  // The access list names the slot the call writes, which makes the slot warm up front.
  const accessList = await driver.send(
    accessListSender,
    {
      type: 'eip2930',
      to: deployment.storageShowcase,
      data: encodeFunctionData({ abi: storageShowcaseAbi, functionName: 'setBalance', args: [accessListSender.address, 2_930n] }),
      accessList: [{ address: deployment.storageShowcase, storageKeys: [mappingSlot(accessListSender.address, BALANCES_SLOT)] }],
      gas: GAS.storageWrite,
      tip: parseUnits('2.5', 9),
    },
    'access-list call',
  );
  const eip1559 = await driver.send(
    eip1559Sender,
    { type: 'eip1559', to: legacySender.address, value: parseEther('0.75'), gas: GAS.ethTransfer },
    'EIP-1559 transfer',
  );
  await driver.mine();

  // EIP-7702: the account delegates to BatchCall and, in the same transaction, uses it to send
  // two tokens at once. The transaction itself takes nonce n, so the authorization needs n + 1.
  const nonce = await driver.nonceOf(delegator.address);
  if (!delegator.signAuthorization) throw new Error('this viem account cannot sign EIP-7702 authorizations');
  const authorization = await delegator.signAuthorization({ address: deployment.batchCall, chainId: SANDBOX_CHAIN_ID, nonce: nonce + 1 });
  const transfer = (to: Hex, amount: bigint) => encodeFunctionData({ abi: sandboxTokenAbi, functionName: 'transfer', args: [to, amount] });
  const eip7702 = await driver.send(
    delegator,
    {
      type: 'eip7702',
      to: delegator.address,
      data: encodeFunctionData({
        abi: batchCallAbi,
        functionName: 'execute',
        args: [
          [
            { target: deployment.susd.address, value: 0n, data: transfer(blobSender.address, parseUnits('77', deployment.susd.decimals)) },
            { target: deployment.gls.address, value: 0n, data: transfer(blobSender.address, parseUnits('77', deployment.gls.decimals)) },
          ],
        ],
      }),
      authorizationList: [authorization],
      gas: 300_000n,
    },
    'EIP-7702 batch',
  );
  // A valid authorization bumps the account's nonce too.
  driver.markNonceUsed(delegator.address, nonce + 1);
  await driver.mine();

  const blob = await driver.send(
    blobSender,
    { type: 'eip4844', to: failingSender.address, blobs: [ZERO_BLOB], kzg: zeroBlobKzg, gas: GAS.ethTransfer },
    'blob transaction',
  );
  await driver.mine();

  // Explicit gas: estimation would refuse a call that reverts, and a failed receipt is the point.
  const failed = await driver.send(
    failingSender,
    { to: deployment.reverter, data: encodeFunctionData({ abi: reverterAbi, functionName: 'bump', args: [0n] }), gas: GAS.storageWrite },
    'failing call',
    'failure',
  );
  await driver.mine();
  return { legacy, accessList, eip1559, eip7702, blob, failed };
}
