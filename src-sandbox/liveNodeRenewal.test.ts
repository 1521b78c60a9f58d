import { createWalletClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { sandboxAccount } from './chain/accounts';
import { startSandbox } from './sandbox';
import { seededCopies } from './testing/seededCopies';
import { rpcResult } from './testing/rawRpc';
import { rawJsonRpc } from '../test-support/rawJsonRpc';
import { isAlive, waitUntil } from '../test-support/processTree';

// The live node is renewed (stopped, started again from its save without the live blocks before its window) so that
// it never grows with its uptime: nothing it kept is lost, requests sent meanwhile wait instead of failing, and the
// blocks it dropped are refused in geth's words, after a restart of the sandbox too.

const { seeded, later } = seededCopies('blockglass-renewal-');
const KEY = 'renewalkey0000000000000000000001';
const KEPT = 64;
/** Renewals only when the test asks (the sandbox's own would move the window under its assertions). */
const NEVER = 1e9;
const hex = (n: number) => `0x${n.toString(16)}`;

describe('the live node\'s renewal', () => {
  it('keeps the seeded blocks and the latest ones, holds requests while it restarts, and refuses the dropped blocks as pruned', { timeout: 180_000 }, async () => {
    const dataDir = seeded();
    const lines: string[] = [];
    let sandbox = await startSandbox({ dataDir, key: KEY, blockTimeSeconds: 1, fastForwardHours: 0.5, liveBlocksKept: KEPT, renewEveryBlocks: NEVER, log: (line) => lines.push(line) });
    later(() => sandbox.close());
    const url = sandbox.info.rpcUrl;
    const seededTo = sandbox.manifest.seededToBlock;
    const headOf = async () => Number(await rpcResult<string>(url, 'eth_blockNumber'));
    await waitUntil(async () => (await headOf()) >= seededTo + 2 * KEPT, `the live chain to pass block ${seededTo + 2 * KEPT}`, 120_000);
    // A live transaction mined in a block the window will keep (the latest).
    const latest = await rpcResult<{ number: string; transactions: string[] }>(url, 'eth_getBlockByNumber', ['latest', false]);
    const pid = sandbox.anvilPid;

    // A transfer sent just before: accepted, so it must be in the chain after (mined before the stop if it was not yet).
    const wallet = createWalletClient({ account: sandboxAccount(0), transport: http(url) });
    const sent = await wallet.sendTransaction({ to: sandboxAccount(1).address, value: 1n, chain: null });

    const renewing = sandbox.renewLiveNode();
    const during = await Promise.all(Array.from({ length: 20 }, () => rawJsonRpc(url, 'eth_blockNumber', [])));
    await renewing;
    expect(during.map((answer) => answer.body.error), 'requests sent while the node was renewed wait, they do not fail').toEqual(during.map(() => undefined));
    expect(sandbox.anvilPid).not.toBe(pid);
    expect(isAlive(pid)).toBe(false);
    const renewedLine = lines.find((line) => line.startsWith('live node renewed at block'));
    expect(renewedLine).toMatch(/^live node renewed at block \d+ in [\d.]+ s \(stopped and dumped [\d.]+ s, dump kept [\d.]+ s, started again [\d.]+ s\); it keeps the seeded blocks and \d+ on$/);
    const renewedAt = Number(/at block (\d+)/.exec(renewedLine!)![1]);
    const floor = renewedAt - KEPT + 1;
    expect(Number(/and (\d+) on/.exec(renewedLine!)![1])).toBe(floor);

    expect(await headOf(), 'the chain goes on at or past the head it had').toBeGreaterThanOrEqual(renewedAt);
    const seededBlock = await rpcResult<{ number: string }>(url, 'eth_getBlockByNumber', [hex(seededTo), false]);
    expect(Number(seededBlock.number)).toBe(seededTo);
    const kept = await rpcResult<{ number: string }>(url, 'eth_getBlockByNumber', [hex(floor), false]);
    expect(Number(kept.number)).toBe(floor);
    for (const hash of latest.transactions) {
      // The states it kept are not (its dump holds the head's alone): a balance at a block before the renewal is refused.
    const before = Number(latest.number) - 1;
    const unkept = await rawJsonRpc(url, 'eth_getBalance', [sandboxAccount(1).address, hex(before)]);
    expect(unkept.body.error?.message).toBe(`the state at block ${before} is not available: the sandbox keeps the state of its seeded blocks and of its latest blocks, not of every block`);

    const receipt = await rpcResult<{ blockNumber: string } | null>(url, 'eth_getTransactionReceipt', [hash]);
      expect(receipt?.blockNumber).toBe(latest.number);
    }

    // The states it kept are not (its dump holds the head's alone): a balance at a block before the renewal is refused.
    const before = Number(latest.number) - 1;
    const unkept = await rawJsonRpc(url, 'eth_getBalance', [sandboxAccount(1).address, hex(before)]);
    expect(unkept.body.error?.message).toBe(`the state at block ${before} is not available: the sandbox keeps the state of its seeded blocks and of its latest blocks, not of every block`);

    const receipt = await rpcResult<{ status: string; blockNumber: string } | null>(url, 'eth_getTransactionReceipt', [sent]);
    expect(receipt?.status, 'the transfer accepted before the renewal is mined').toBe('0x1');
    expect(Number(receipt!.blockNumber)).toBeLessThanOrEqual(renewedAt);

    const pruned = { code: 4444, message: 'pruned history unavailable', data: { kept: [{ fromBlock: '0x0', toBlock: hex(seededTo) }, { fromBlock: hex(floor), toBlock: 'latest' }] } };
    expect((await rawJsonRpc(url, 'eth_getBlockByNumber', [hex(seededTo + 1), false])).body.error).toEqual(pruned);
    expect((await rawJsonRpc(url, 'eth_getBlockReceipts', [hex(floor - 1)])).body.error).toEqual(pruned);
    expect((await rawJsonRpc(url, 'eth_getLogs', [{ fromBlock: hex(seededTo - 5), toBlock: hex(seededTo + 5) }])).body.error).toEqual(pruned);
    const seededLogs = await rpcResult<{ blockNumber: string }[]>(url, 'eth_getLogs', [{ fromBlock: hex(seededTo - 30), toBlock: hex(seededTo) }]);
    expect(seededLogs.length, 'the seeded blocks\' logs are there').toBeGreaterThan(0);
    const keptLogs = await rpcResult<{ blockNumber: string }[]>(url, 'eth_getLogs', [{ fromBlock: hex(floor), toBlock: 'latest' }]);
    expect(keptLogs.length, 'the kept live blocks\' logs are there').toBeGreaterThan(0);

    // Stopped and started again from its save, the sandbox finds where its live blocks start.
    await sandbox.close();
    sandbox = await startSandbox({ dataDir, key: KEY, blockTimeSeconds: 0, liveBlocksKept: KEPT, renewEveryBlocks: NEVER, log: (line) => lines.push(line) });
    const restartedUrl = sandbox.info.rpcUrl;
    expect(Number(await rpcResult<string>(restartedUrl, 'eth_blockNumber'))).toBeGreaterThanOrEqual(renewedAt);
    await waitUntil(async () => (await rawJsonRpc(restartedUrl, 'eth_getBlockByNumber', [hex(seededTo + 1), false])).body.error?.code === 4444, 'the restarted gateway to refuse a dropped block', 30_000);
    expect(Number((await rpcResult<{ number: string }>(restartedUrl, 'eth_getBlockByNumber', [hex(floor), false])).number)).toBe(floor);
  });

  it('renews the live node by itself every so many blocks', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const sandbox = await startSandbox({ dataDir: seeded(), key: KEY, blockTimeSeconds: 1, liveBlocksKept: KEPT, renewEveryBlocks: 16, log: (line) => lines.push(line) });
    later(() => sandbox.close());
    const pid = sandbox.anvilPid;
    await waitUntil(() => lines.some((line) => line.startsWith('live node renewed at block')), 'the sandbox to renew its live node', 90_000);
    expect(sandbox.anvilPid).not.toBe(pid);
    expect(lines.filter((line) => line.startsWith('Anvil stopped unexpectedly')), 'a renewal is not a crash').toEqual([]);
  });
});
