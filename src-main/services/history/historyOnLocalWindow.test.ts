import path from 'node:path';
import fs from 'node:fs';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, inject, it } from 'vitest';
import type { SentEvent } from '../../../src-shared/api/history';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createDecodingService } from '../decoding/createDecodingService';
import { createExplorerService } from '../explorer/createExplorerService';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { localSandboxNetwork } from '../rpc/testing/sandboxNetwork';
import { spawnSandbox } from '../sandbox/spawnSandbox';
import { seededDataDir } from '../sandbox/testing/seededDataDir';
import { createHistoryService } from './createHistoryService';
import { waitUntil } from '../../../test-support/processTree';

// A person's Local sandbox after it has run a while: its seeded blocks' state kept (the seeded node), its latest few
// (the live node), and none of the live blocks between. An address's history reads both kept parts and says the run
// between them, instead of failing. The sandbox runs as the app starts it: a process, from the build.

const FUNDED = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'); // Anvil's first dev account
const RECEIVER = '0x000000000000000000000000000000000000babe';
const KEPT = 8;
/** Init code of a contract whose code is one byte (STOP): CODECOPY the last byte, RETURN it. */
const DEPLOY: `0x${string}` = '0x6001600c60003960016000f300';
const hex = (n: bigint | number) => `0x${n.toString(16)}`;

describe("an address's history on a Local sandbox that keeps its seeded and latest blocks' state", () => {
  it('lists the changes in both kept parts and says the run between them, with the balance across it, the nonces in it and a contract made in it', { timeout: 180_000 }, async () => {
    const shared = inject('sandbox');
    const appDir = seededDataDir(shared.seedDir, 'blockglass-window-');
    const credential = { apiKey: 'windowkey000000000000000000001', apiSecret: 'window-secret' };
    const sandbox = await spawnSandbox({ projectRoot: process.cwd(), dataDir: path.join(appDir, 'sandbox'), credential, port: 0, extraArgs: ['--block-time', '0', '--live-states', String(KEPT)] });
    const network = localSandboxNetwork({ ...sandbox.addresses, chainId: 31337, key: credential.apiKey, secret: credential.apiSecret });
    const rpc = createRpcService({ resolve: async () => network });
    try {
      const seededTo = BigInt(shared.manifest.seededToBlock);
      // Through the gateway, as anyone sends: each signed transfer is mined in a block of its own (no live traffic).
      const send = async (to: string | null, value: bigint) => {
        const [nonce, fees] = await Promise.all([rpc.request<string>('local', 'eth_getTransactionCount', [FUNDED.address, 'pending']), rpc.request<string>('local', 'eth_gasPrice', [])]);
        const fields = to === null ? { data: DEPLOY, gas: 100_000n } : { to: to as `0x${string}`, gas: 21_000n };
        const signed = await FUNDED.signTransaction({ chainId: 31337, type: 'eip1559', ...fields, value, nonce: Number(nonce), maxFeePerGas: 2n * BigInt(fees), maxPriorityFeePerGas: 1n });
        const hash = await rpc.request<string>('local', 'eth_sendRawTransaction', [signed]);
        let receipt: { blockNumber: string } | null = null;
        await waitUntil(async () => (receipt = await rpc.request<{ blockNumber: string } | null>('local', 'eth_getTransactionReceipt', [hash])) !== null, `the receipt of ${hash}`);
        return { hash, block: BigInt(receipt!.blockNumber) };
      };
      // A transfer to RECEIVER, more blocks than the live node keeps (transfers to another address), and another.
      const first = await send(RECEIVER, 10n ** 18n);
      const deployedEarly = await send(null, 0n); // a contract made in a block the live node will not keep
      for (let i = 0; i < 3 * KEPT; i++) await send('0x000000000000000000000000000000000000f111', 1n);
      const second = await send(RECEIVER, 10n ** 18n);
      const deployedLate = await send(null, 0n); // and one in a block it keeps
      expect(first.block).toBe(seededTo + 1n);
      const health = createFeedHub<HealthEvent>({ label: 'health of', log: () => {}, source: (id, emit, signal) => rpc.watchHealth(id, emit, signal) });
      const decoding = createDecodingService({ rpc });
      const explorer = createExplorerService({ rpc, health, networkName: async () => 'Local sandbox', decoding });
      const history = createHistoryService({ rpc, explorer, chainOf: (networkId) => decoding.chainOf(networkId) });
      const raw = async (method: string, params: unknown[]) => {
        const response = await fetch(network.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: network.authorization! }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
        return (await response.json()) as { result?: string; error?: { message: string } };
      };

    // The receiver: its first ETH came in a block not kept, its second in one kept.
    const receiver = await history.balance('local', RECEIVER, 16);
    expect(receiver.changes.map((change) => BigInt(change.block))).toEqual([second.block]);
    expect(receiver.notKept).toHaveLength(1);
    const run = receiver.notKept[0]!;
    expect(BigInt(run.from)).toBe(seededTo + 1n);
    expect(run).toMatchObject({ before: '0', after: (10n ** 18n).toString(10) });
    // The run ends where the gateway stops refusing.
    expect((await raw('eth_getBalance', [RECEIVER, run.to])).error?.message).toMatch(/not available/);
    expect((await raw('eth_getBalance', [RECEIVER, hex(BigInt(run.to) + 1n)])).result).toBe(hex(10n ** 18n));

    // The deployer: its seeded changes found exactly, each as the chain says, and the same run said.
    const deployer = await history.balance('local', FUNDED.address, 48);
    const seededChanges = deployer.changes.filter((change) => BigInt(change.block) <= seededTo);
    expect(seededChanges.length).toBeGreaterThan(0);
    for (const change of seededChanges.slice(-3)) expect((await raw('eth_getBalance', [FUNDED.address, change.block])).result).toBe(hex(BigInt(change.after)));
    expect(deployer.changes.map((change) => BigInt(change.block))).toContain(second.block);
    expect(deployer.notKept.map(({ from, to }) => ({ from, to }))).toEqual([{ from: run.from, to: run.to }]);

    // Its transactions: the seeded ones and the latest located, the one in the run said as the run.
    const events: SentEvent[] = [];
    await history.sent('local', FUNDED.address, { count: 100 }, (event) => events.push(event), new AbortController().signal);
    const page = events.flatMap((event) => (event.kind === 'page' ? [event.page] : []))[0]!;
    const firstNonce = Number(BigInt((await raw('eth_getTransactionCount', [FUNDED.address, hex(seededTo)])).result!));
    expect(page.rows.map((row) => row.hash)).toContain(second.hash);
    expect(page.rows.map((row) => row.hash)).not.toContain(first.hash);
    expect(page.rows.some((row) => row.blockNumber !== null && BigInt(row.blockNumber) <= seededTo)).toBe(true);
    // Every nonce used from the run's first block to the first kept block after it.
      const countAfter = Number(BigInt((await raw('eth_getTransactionCount', [FUNDED.address, hex(BigInt(run.to) + 1n)])).result!));
      expect(page.notKept).toEqual([{ from: run.from, to: hex(BigInt(run.to) + 1n), nonceFrom: firstNonce, nonceTo: countAfter - 1 }]);

      // Where a contract came from: exact in a kept block; in a run not kept, the run, without a transaction.
      const contractOf = async (hash: string) => (await rpc.request<{ contractAddress: string }>('local', 'eth_getTransactionReceipt', [hash])).contractAddress;
      expect(await history.creation('local', await contractOf(deployedLate.hash))).toMatchObject({ block: hex(deployedLate.block), transactionHash: deployedLate.hash, creator: FUNDED.address.toLowerCase() });
      const early = await history.creation('local', await contractOf(deployedEarly.hash));
      expect(early).toMatchObject({ notKept: { from: run.from, to: run.to }, block: hex(BigInt(run.to) + 1n), transactionHash: null });
      expect(deployedEarly.block >= BigInt(run.from) && deployedEarly.block <= BigInt(run.to)).toBe(true);
    } finally {
      await rpc.close();
      await sandbox.stop(10_000);
      fs.rmSync(appDir, { recursive: true, force: true });
    }
  });
});
