import { afterAll, describe, expect, it } from 'vitest';
import { createRpcService } from '../rpc/createRpcService';
import { startFakeRpcServer, type FakeRpcServer } from '../rpc/testing/fakeRpcServer';
import { parseBlockRef } from '../chains/blockRef';
import { readBlock } from './readBlock';

// What the sandbox cannot show: a node without eth_getBlockReceipts (its receipts come one per transaction, in
// one batch) and a block with an uncle (Anvil never makes one). A scripted stand-in node answers.

const HASH = `0x${'b'.repeat(64)}`;
const UNCLE = `0x${'c'.repeat(64)}`;
const txs = [1, 2, 3].map((n) => ({ hash: `0x${String(n).repeat(64)}`, from: '0x0000000000000000000000000000000000000001', to: null, value: '0x0', input: '0x', type: '0x0' }));
const block = { number: '0x10', hash: HASH, parentHash: `0x${'a'.repeat(64)}`, timestamp: '0x1', miner: '0x0000000000000000000000000000000000000002', gasUsed: '0x1', gasLimit: '0x2', transactions: txs, uncles: [UNCLE] };
const uncle = { number: '0xf', hash: UNCLE, totalDifficulty: null, difficulty: '0x1', transactions: [], uncles: [] };

let server: FakeRpcServer;
const servers: FakeRpcServer[] = [];
afterAll(async () => Promise.all(servers.map((s) => s.close())));

function answer(item: { id: number; method: string; params: unknown[] }) {
  const ok = (result: unknown) => ({ jsonrpc: '2.0', id: item.id, result });
  switch (item.method) {
    case 'eth_getBlockByNumber':
      return ok(item.params[0] === 'finalized' ? { number: '0x20' } : block);
    case 'eth_blockNumber':
      return ok('0x30');
    case 'eth_getBlockReceipts':
      return { jsonrpc: '2.0', id: item.id, error: { code: -32601, message: 'the method eth_getBlockReceipts does not exist/is not available' } };
    case 'eth_getTransactionReceipt':
      return ok({ transactionHash: item.params[0], blockHash: HASH, status: '0x1', gasUsed: '0x5208', effectiveGasPrice: '0x1' });
    case 'eth_getUncleByBlockHashAndIndex':
      return ok(uncle);
    default:
      return { jsonrpc: '2.0', id: item.id, error: { code: -32601, message: `no ${item.method}` } };
  }
}

describe('reading a block from a node that differs from Anvil', () => {
  it('falls back to one receipt per transaction in a batch, remembers it, and reads the uncles', async () => {
    server = await startFakeRpcServer((body) => ({ body: Array.isArray(body) ? body.map(answer) : answer(body as never) }));
    servers.push(server);
    const network = { id: 'old', name: 'Old node', family: 'evm' as const, chainId: 1, rpcUrl: `${server.origin}/`, wsUrl: null, gasUrl: null, storageUrl: null, credentialId: 'old', kind: 'custom' as const };
    const rpc = createRpcService({ resolve: async () => ({ network, rpcUrl: `${server.origin}/`, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [] }) });
    try {
      const read = await readBlock(rpc, 'old', parseBlockRef('16'));
      expect(read.receipts?.map((receipt) => receipt.transactionHash)).toEqual(txs.map((tx) => tx.hash));
      expect(read.uncles).toEqual([uncle]);
      expect(read).toMatchObject({ head: '0x30', finalized: '0x20' });
      const methods = () => server.requests.flatMap((request) => (Array.isArray(request.body) ? request.body : [request.body]).map((item: { method: string }) => item.method));
      expect(methods().filter((method) => method === 'eth_getTransactionReceipt')).toHaveLength(3);

      // Known now: the next read does not ask for eth_getBlockReceipts again.
      const before = methods().filter((method) => method === 'eth_getBlockReceipts').length;
      await readBlock(rpc, 'old', parseBlockRef('16'));
      expect(methods().filter((method) => method === 'eth_getBlockReceipts').length).toBe(before);
    } finally {
      await rpc.close();
    }
  });
});
