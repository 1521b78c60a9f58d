import { describe, expect, it } from 'vitest';
import { openStore } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { historyTestKit } from './testing/historyTestKit';

const { sandbox, servicesOver, raw } = historyTestKit();
const { history } = servicesOver();
const tempDir = useTempDataDirs();

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

  it('is kept once below the finalized block: a second visit reads no code', async () => {
    const hash = sandbox.manifest.transactions.contractCreation;
    const receipt = await raw<{ contractAddress: string; blockNumber: string }>('eth_getTransactionReceipt', [hash]);
    const finalized = BigInt((await raw<{ number: string }>('eth_getBlockByNumber', ['finalized', false])).number);
    expect(BigInt(receipt.blockNumber)).toBeLessThanOrEqual(finalized);
    const store = openStore(tempDir());
    const first = servicesOver(store);
    const found = await first.history.creation('local', receipt.contractAddress);
    expect(first.sent.some((request) => request.method === 'eth_getCode')).toBe(true);
    const second = servicesOver(store);
    const again = await second.history.creation('local', receipt.contractAddress);
    expect(again).toEqual({ ...found, requests: 0 });
    expect(second.sent.filter((request) => request.method === 'eth_getCode' || request.method === 'eth_getBlockByNumber')).toEqual([]);
    store.close();
  });
});
