import { afterAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createHistoryService } from './createHistoryService';

const sandbox = sharedSandbox();
const local = localSandboxNetwork(sandbox.info);
const rpc = createRpcService({ resolve: async () => local });
const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
const decoding = createDecodingService({ rpc });
const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
const history = createHistoryService({ rpc, explorer, chainOf: (networkId) => decoding.chainOf(networkId) });
afterAll(() => rpc.close());

async function raw<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandbox.info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: T }).result;
}

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
