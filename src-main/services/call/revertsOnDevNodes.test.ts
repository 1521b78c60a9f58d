import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { CallOutcome } from '../../../src-shared/call/types';
import type { LatestView } from '../../../src-shared/api/explorer';
import { startHardhatNode } from '../../../test-support/nodes/startHardhatNode';
import { startGanache } from '../../../test-support/nodes/startGanache';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService, type ExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { openStore, type Store } from '../store/openStore';
import { createCallService, type CallService } from './createCallService';
import { useSeededDevNode } from '../rpc/testing/seededDevNode';

// The call playground and the explorer on nodes nobody here wrote, each added as a custom network would be:
// every revert of the seeded chain decoded as on the sandbox, whatever shape the node gives it
// (reference/NODE-DIALECTS.md; Hardhat puts the bytes in error.data.data, Ganache at error.data with -32000).

const failed = (outcome: CallOutcome) => {
  if (outcome.ok) throw new Error(`expected a revert, got ${outcome.returnData}`);
  return outcome;
};

describe.each([
  ['Hardhat 2 (EDR)', startHardhatNode],
  ['Ganache 7', startGanache],
])('reverts on %s', (_, start) => {
  const dev = useSeededDevNode(start);
  let explorer: ExplorerService;
  let call: CallService;
  let store: Store;
  let dataDir: string;

  beforeAll(async () => {
    const { node, rpc } = dev;
    const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (networkId, emit, signal) => rpc.watchHealth(networkId, emit, signal) });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-dev-node-'));
    store = openStore(dataDir);
    const chainKey = `${node.chainId}:${node.name}`;
    const decoding = createDecodingService({ rpc, store, chainOf: async () => chainKey, projectRoot: process.cwd() });
    explorer = createExplorerService({ rpc, health, networkName: async () => node.name, decoding, store });
    call = createCallService({ rpc, decoding, store, chainOf: async () => String(node.chainId), redact: (text) => text });
  });
  afterAll(() => {
    store?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = (data: string) => call.run(dev.id, { call: { from: dev.chain.accounts.sender, to: dev.chain.contracts.reverter, data }, block: 'latest' });

  it('decodes a value the contract returns', async () => {
    const increment = dev.chain.abis.reverter.find((item) => item.type === 'function' && item.name === 'increment');
    const outcome = await call.run(dev.id, { call: { from: dev.chain.accounts.sender, to: dev.chain.contracts.reverter, data: dev.chain.value.data }, block: 'latest', fn: increment as never });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.outputs).toEqual({ status: 'decoded', args: [{ name: 'output0', type: 'uint256', value: dev.chain.value.returns.toString(10) }] });
  });

  it('decodes a reason string, with the revert bytes as the data', async () => {
    const outcome = failed(await run(dev.chain.failed.reasonString.data));
    expect(outcome.error.data).toBe(dev.chain.failed.reasonString.revertData);
    expect(outcome.revert).toMatchObject({ status: 'decoded', name: 'Error', source: 'builtin', message: dev.chain.failed.reasonString.reason });
  });

  it('decodes a panic with its meaning', async () => {
    const outcome = failed(await run(dev.chain.failed.panic.data));
    expect(outcome.revert?.message).toMatch(/^Panic 0x11: /);
  });

  it('decodes a custom error by the signature database, then by the ABI imported for the contract', async () => {
    const before = failed(await run(dev.chain.failed.customError.data));
    expect(before.revert).toMatchObject({ status: 'decoded', name: 'InsufficientBalance', source: 'signatures' });
    await explorer.importAbi(dev.id, dev.chain.contracts.reverter, JSON.stringify(dev.chain.abis.reverter), 'Reverter');
    const after = failed(await run(dev.chain.failed.customError.data));
    expect(after.revert).toMatchObject({ status: 'decoded', name: 'InsufficientBalance', source: 'imported' });
    expect(after.revert?.status === 'decoded' && after.revert.args.map((arg) => [arg.name, arg.value])).toEqual([['requested', '101'], ['available', '100']]);
  });

  it('says a revert without data is one, not a failure of another kind', async () => {
    const outcome = failed(await run('0x12345678')); // no such function, no fallback: a bare revert
    expect(outcome.revert?.message).toMatch(/^Reverted without data/);
    expect(outcome.error.data).toBeUndefined();
  });

  it.each(['customError', 'reasonString', 'panic'] as const)("reproduces the failed transaction's %s at its parent block and decodes it", async (kind) => {
    const view = await explorer.transaction(dev.id, { hash: dev.chain.failed[kind].hash });
    expect(view.receipt?.status).toBe('0x0');
    expect(view.revert).toMatchObject({ reproduced: true });
    expect(view.revert?.note).toBeUndefined();
    const decoding = view.revert?.decoding;
    if (kind === 'customError') {
      expect(decoding).toMatchObject({ status: 'decoded', name: 'InsufficientBalance' });
      expect(decoding?.status === 'decoded' && decoding.args.map((arg) => arg.value)).toEqual(['101', '100']);
    } else {
      expect(decoding?.message).toMatch(kind === 'panic' ? /^Panic 0x11: / : new RegExp(`^${dev.chain.failed.reasonString.reason}$`));
    }
  });

  it("marks the latest failed transactions failed, from receipts read one by one where the node has no eth_getBlockReceipts", async () => {
    const abort = new AbortController();
    const views: LatestView[] = [];
    // The first view with the transactions (one may come before, with the blocks alone: transactionsPending).
    const watching = explorer.watchLatest(dev.id, 10, (view) => {
      if (view.transactionsPending) return;
      views.push(view);
      abort.abort();
    }, abort.signal);
    await watching.catch(() => {});
    const rows = new Map(views[0]!.transactions.map((row) => [row.hash, row.status]));
    for (const kind of ['customError', 'reasonString', 'panic'] as const) expect(rows.get(dev.chain.failed[kind].hash), kind).toBe('failed');
    expect(rows.get(dev.chain.posts[1]!)).toBe('success');
  });

  it('reads the contract with events: its transaction decoded, its log decoded by the ABI imported', async () => {
    await explorer.importAbi(dev.id, dev.chain.contracts.noticeboard, JSON.stringify(dev.chain.abis.noticeboard), 'Noticeboard');
    const view = await explorer.transaction(dev.id, { hash: dev.chain.posts[1]! });
    expect(view.input).toMatchObject({ status: 'decoded', name: 'post' });
    expect(view.logs).toHaveLength(1);
    expect(view.logs[0]!.decoded).toMatchObject({ status: 'decoded', name: 'Posted', source: 'imported' });
  });
});
