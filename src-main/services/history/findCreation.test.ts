import { describe, expect, it } from 'vitest';
import { historyTestKit } from './testing/historyTestKit';

const { sandbox, servicesOver, raw } = historyTestKit();
const { history } = servicesOver();

describe('where a contract was created', () => {
  it('is the block and transaction of its deployment, as its receipt says', async () => {
    const hash = sandbox.manifest.transactions.contractCreation;
    const receipt = await raw<{ contractAddress: string; blockNumber: string; from: string }>('eth_getTransactionReceipt', [hash]);
    const creation = await history.creation('local', receipt.contractAddress);
    expect(creation).toMatchObject({ block: receipt.blockNumber, transactionHash: hash, creator: receipt.from });
    // A bisection: about log2 of the head's height in code reads, not one per block.
    const head = Number(BigInt(await raw<string>('eth_blockNumber', [])));
    expect(creation!.requests).toBeLessThanOrEqual(Math.ceil(Math.log2(head + 2)) + 1);
  });

  it('is none for an address without code', async () => {
    expect(await history.creation('local', sandbox.manifest.accounts.traders[0]!.address)).toBeNull();
  });
});
