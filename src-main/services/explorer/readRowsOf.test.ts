import { afterAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import type { RpcParams } from '../rpc/probeNetwork';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from './createExplorerService';

const sandbox = sharedSandbox();
const { manifest } = sandbox;
const sent: { method: string; params: RpcParams }[] = [];
const rpc = createRpcService({ resolve: async () => localSandboxNetwork(sandbox.info), onRequest: (_id, method, params) => sent.push({ method, params }) });
const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
const decoding = createDecodingService({ rpc, projectRoot: process.cwd() });
const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
afterAll(() => rpc.close());

describe("one address's rows of a block, read lightly", () => {
  it('are the rows of the whole block that name the address, the same in every field, for one receipt each', async () => {
    const number = BigInt(manifest.bigBlock.number);
    const whole = await explorer.block('local', number.toString(10));
    // An address that sent some of the 600 transactions, not all of them.
    const sender = whole.transactions.at(-1)!.from;
    const expected = whole.transactions.filter((row) => row.from.toLowerCase() === sender.toLowerCase() || row.to?.toLowerCase() === sender.toLowerCase());
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(whole.transactions.length);

    sent.length = 0;
    const light = await explorer.rowsOf('local', number, sender.toLowerCase());
    expect(light!.timestamp).toBe(whole.block.timestamp);
    expect(light!.rows.map(({ input: _input, nonce: _nonce, ...row }) => row)).toEqual(expected);
    // Each with its call data and its sender's nonce, as the chain has them.
    const chainTxs = await Promise.all(light!.rows.map((row) => rpc.request<{ input: string; nonce: string }>('local', 'eth_getTransactionByHash', [row.hash])));
    light!.rows.forEach((row, i) => {
      expect(row.input).toBe(chainTxs[i]!.input);
      expect(row.nonce).toBe(Number(BigInt(chainTxs[i]!.nonce)));
    });
    // One receipt per row, not the block's receipts.
    expect(sent.filter((request) => request.method === 'eth_getTransactionReceipt')).toHaveLength(expected.length);
    expect(sent.some((request) => request.method === 'eth_getBlockReceipts')).toBe(false);
  });

  it('is null for a block the chain does not have yet', async () => {
    expect(await explorer.rowsOf('local', 10n ** 9n, manifest.accounts.traders[0]!.address)).toBeNull();
  });
});
