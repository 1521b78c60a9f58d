import { encodeFunctionData, parseEther, parseUnits, type Address, type Hex, type HDAccount } from 'viem';
import { sendRawTransaction } from 'viem/actions';
import { sandboxTokenAbi } from './abis';
import { GAS } from './gas-limits';
import type { SandboxClient } from './sandbox-chain';
import type { SeedDriver } from './seed-driver';

/** Transactions in the big block. */
export const BIG_BLOCK_TX_COUNT = 600;
// Sent in JSON-RPC batches of this size, one batch at a time, so the pool sees them in order.
const BATCH = 100;

/**
 * Fills one block with BIG_BLOCK_TX_COUNT transactions from all `senders` in turn: ETH
 * transfers, and every sixth an SUSD transfer. Automine is already off (the driver mines), so
 * they wait in the pool until the one `evm_mine`. Gas: 500 x 21,000 + 100 x 70,000 (limits)
 * = 17.5M, inside the 30M block gas limit, so no limit needs raising.
 */
export async function seedBigBlock(
  driver: SeedDriver,
  batchClient: SandboxClient,
  susd: { address: Address; decimals: number },
  senders: readonly HDAccount[],
): Promise<{ number: number; transactionCount: number }> {
  const signed: Hex[] = [];
  for (let i = 0; i < BIG_BLOCK_TX_COUNT; i++) {
    const sender = senders[i % senders.length]!;
    const recipient = senders[(i + 1 + (i % 5)) % senders.length]!.address;
    const tx =
      i % 6 === 5
        ? {
            to: susd.address,
            data: encodeFunctionData({ abi: sandboxTokenAbi, functionName: 'transfer', args: [recipient, parseUnits(String(1 + (i % 97)), susd.decimals)] }),
            gas: GAS.erc20Transfer,
          }
        : { to: recipient, value: parseEther(`0.0${1 + (i % 9)}`), gas: GAS.ethTransfer };
    signed.push(await driver.sign(sender, tx));
  }
  for (let start = 0; start < signed.length; start += BATCH) {
    const chunk = signed.slice(start, start + BATCH);
    // Concurrent calls in one tick become one JSON-RPC batch (the client's batchSize is BATCH).
    const hashes = await Promise.all(chunk.map((serializedTransaction) => sendRawTransaction(batchClient, { serializedTransaction })));
    for (const hash of hashes) driver.track(hash, 'big block transaction');
  }
  const number = await driver.mine();
  return { number, transactionCount: BIG_BLOCK_TX_COUNT };
}
