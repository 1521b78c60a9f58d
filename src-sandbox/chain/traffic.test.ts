import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseGwei, type Address, type Hex, type Transaction } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccount } from './accounts';
import { startAnvil, type AnvilProcess } from './anvil';
import { dumpAnvilState } from './chainState';
import type { SeedManifest } from './manifest';
import { createSandboxClient, type SandboxClient } from './sandbox-chain';
import { seedChain } from './seed';
import { startTraffic } from './traffic';

// Traffic runs on a chain restored from a saved state, as on every start after the first:
// it must need nothing but the manifest. The state goes in with --load-state because the
// seeded chain's dump (about 4 MB as hex) is over Anvil's 2 MiB HTTP request limit, so
// anvil_loadState over HTTP refuses it.
let anvil: AnvilProcess;
let manifest: SeedManifest;
let client: SandboxClient;
const lines: string[] = [];
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-traffic-'));

beforeAll(async () => {
  const seeder = await startAnvil();
  const stateFile = path.join(stateDir, 'state.json');
  try {
    manifest = await seedChain({ rpcUrl: seeder.url });
    fs.writeFileSync(stateFile, zlib.gunzipSync(await dumpAnvilState(seeder.url)));
  } finally {
    await seeder.stop();
  }
  anvil = await startAnvil({ args: ['--load-state', stateFile] });
  client = createSandboxClient(anvil.url);
  expect(await client.getBlockNumber()).toBe(BigInt(manifest.seededToBlock));
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Length of the longest run of strict increases (sign 1) or decreases (sign -1) in `values`. */
function longestRun(values: readonly bigint[], sign: 1 | -1): number {
  let best = 0;
  let run = 0;
  for (let i = 1; i < values.length; i++) {
    const step = values[i]! - values[i - 1]!;
    run = (sign === 1 ? step > 0n : step < 0n) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

describe('startTraffic', () => {
  it('makes the base fee rise and fall with the wave, with a varied mix, surviving a stolen nonce; stop() ends sending', async () => {
    const trafficAddresses = new Set(manifest.accounts.traffic.map((a) => a.address.toLowerCase()));
    const traffic = startTraffic({ rpcUrl: anvil.url, manifest, blockTimeSeconds: 1, periodSeconds: 20, log: (line) => lines.push(line) });
    const start = (await client.getBlockNumber()) + 1n;
    const baseFees: bigint[] = [];
    const started = Date.now();
    let seen = start - 1n;
    let stolenAt: bigint | undefined;
    try {
      while (Date.now() - started < 60_000) {
        await sleep(250);
        const head = await client.getBlockNumber({ cacheTime: 0 });
        for (; seen < head; seen++) baseFees.push((await client.getBlock({ blockNumber: seen + 1n })).baseFeePerGas!);
        // Someone else uses a traffic account behind the traffic's back: its next nonce is taken.
        if (stolenAt === undefined && Date.now() - started > 8_000) {
          const account = sandboxAccount(manifest.accounts.traffic[2]!.index);
          const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
          for (let i = 0; i < 3; i++) {
            const tx = await account.signTransaction({
              chainId: manifest.chainId,
              nonce: nonce + i,
              to: account.address,
              value: 1n,
              gas: 21_000n,
              maxFeePerGas: parseGwei('200'),
              maxPriorityFeePerGas: parseGwei('1'),
            });
            await client.request({ method: 'eth_sendRawTransaction', params: [tx] });
          }
          stolenAt = head;
        }
        // 45 blocks at least: enough everyday transactions (about 250) that each kind of the mix shows up, even under load.
        if (baseFees.length >= 45 && longestRun(baseFees.slice(2), 1) >= 4 && longestRun(baseFees.slice(2), -1) >= 4) break;
      }
    } finally {
      const stopping = Date.now();
      await traffic.stop();
      expect(Date.now() - stopping).toBeLessThan(3_000);
    }
    const elapsed = (Date.now() - started) / 1000;

    // Blocks keep coming at about the block time, and the base fee both rises and falls.
    expect(baseFees.length).toBeGreaterThanOrEqual(Math.floor(elapsed * 0.6));
    expect(longestRun(baseFees.slice(2), 1)).toBeGreaterThanOrEqual(4);
    expect(longestRun(baseFees.slice(2), -1)).toBeGreaterThanOrEqual(4);
    const max = baseFees.reduce((a, b) => (a > b ? a : b));
    const min = baseFees.reduce((a, b) => (a < b ? a : b));
    expect(Number(max) / Number(min)).toBeGreaterThan(1.5);

    // The mix: many senders, varied tips, some failing calls, creations, swaps; the robbed account recovers.
    const txs: (Transaction & { status?: Hex })[] = [];
    for (let n = start; n <= seen; n++) {
      const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
      txs.push(...(block.transactions as Transaction[]));
    }
    const receipts = await Promise.all(txs.map((tx) => client.getTransactionReceipt({ hash: tx.hash })));
    const fromTraffic = txs.filter((tx) => trafficAddresses.has(tx.from.toLowerCase()));
    expect(fromTraffic.length).toBeGreaterThan(baseFees.length * 3);
    expect(new Set(fromTraffic.map((tx) => tx.from)).size).toBe(trafficAddresses.size);
    expect(new Set(fromTraffic.map((tx) => tx.maxPriorityFeePerGas)).size).toBeGreaterThanOrEqual(4);
    expect(receipts.some((r) => r.status === 'reverted')).toBe(true);
    expect(receipts.some((r) => r.contractAddress)).toBe(true);
    expect(fromTraffic.some((tx) => tx.to?.toLowerCase() === manifest.contracts.uniswapRouter.toLowerCase())).toBe(true);
    expect(fromTraffic.some((tx) => tx.to?.toLowerCase() === manifest.contracts.gasBurner.toLowerCase())).toBe(true);
    const robbed = manifest.accounts.traffic[2]!.address.toLowerCase();
    expect(txs.some((tx) => tx.from.toLowerCase() === robbed && tx.value !== 1n && tx.blockNumber! > stolenAt! + 2n)).toBe(true);

    // After stop(): nothing new from the traffic accounts, though blocks keep being mined.
    const nonces = async () =>
      Promise.all([...trafficAddresses].map((address) => client.getTransactionCount({ address: address as Address, blockTag: 'pending' })));
    const before = await nonces();
    const headBefore = await client.getBlockNumber({ cacheTime: 0 });
    await sleep(3_000);
    expect(await nonces()).toEqual(before);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(headBefore);
    expect(lines.some((line) => line.includes('mining a block every 1 s'))).toBe(true);
  }, 120_000);

  it('logs and carries on when the node goes away, and still stops promptly', async () => {
    const dying = await startAnvil();
    const log: string[] = [];
    const traffic = startTraffic({ rpcUrl: dying.url, manifest, blockTimeSeconds: 1, log: (line) => log.push(line) });
    await sleep(1_500);
    await dying.stop();
    await sleep(1_500);
    const stopping = Date.now();
    await traffic.stop();
    expect(Date.now() - stopping).toBeLessThan(3_000);
    expect(log.some((line) => line.startsWith('traffic:'))).toBe(true);
  }, 30_000);
});

