import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseGwei, type Address, type Hex, type Transaction } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAccount } from './accounts';
import { startAnvil, type AnvilProcess } from './anvil';
import { copySeededSandbox, ensureSeededSandbox } from '../../test-support/seededSandbox';
import { readSavedChain, stateFileToLoad } from './chainState';
import type { SeedManifest } from './manifest';
import { createSandboxClient, rawRequest, type SandboxClient } from './sandbox-chain';
import { startTraffic } from './traffic';
import { priceFeedAbi } from './abis';
import { nextAnswer, PRICE_ROUND_BLOCKS } from './traffic-price';

// Traffic runs on a chain restored from a saved state, as on every start after the first: it must need nothing
// but the manifest. The chain is a copy of the seeded one of this seeder version (test-support/seededSandbox.ts,
// seeded first if there is none), restored with --load-state as the sandbox restores it.
let anvil: AnvilProcess;
let manifest: SeedManifest;
let client: SandboxClient;
const lines: string[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-traffic-'));

beforeAll(async () => {
  copySeededSandbox(await ensureSeededSandbox(), dataDir);
  manifest = readSavedChain(dataDir)!.manifest;
  anvil = await startAnvil({ args: ['--load-state', (await stateFileToLoad(dataDir, () => {}))!] });
  client = createSandboxClient(anvil.url);
  expect(await client.getBlockNumber()).toBe(BigInt(manifest.seededToBlock));
}, 120_000);

afterAll(async () => {
  await anvil?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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

// Three periods of a 20 s wave, a block a second of chain time: the blocks, their times and the seed decide what
// is sent, so every run sends the same transactions and sees the same base fees.
const BLOCKS = 60;
const SEED = 27;

describe('startTraffic', () => {
  it('follows the fee wave block by block, with a varied mix, surviving a stolen nonce; after stop() nothing is sent', async () => {
    const trafficAddresses = new Set(manifest.accounts.traffic.map((a) => a.address.toLowerCase()));
    const answered: bigint[] = [];
    const traffic = startTraffic({
      rpcUrl: anvil.url,
      manifest,
      blockTimeSeconds: 1,
      periodSeconds: 20,
      seed: SEED,
      minedByCaller: true,
      log: (line) => lines.push(line),
      onRound: (head) => answered.push(head),
    });
    await expect.poll(() => lines, { timeout: 10_000 }).toContain('traffic: blocks are mined by the caller');
    const first = await client.getBlock({ blockTag: 'latest' });
    const blockAt = (n: number) => first.number + BigInt(n);
    /** Mines block `n` after the first, `n` seconds after it, and waits until the traffic has sent for it. */
    const mine = async (n: number) => {
      await rawRequest(client, 'evm_mine', [Number(first.timestamp) + n]);
      await expect.poll(() => answered.at(-1), { timeout: 10_000, interval: 5 }).toBe(blockAt(n));
    };
    let stolenAt: bigint | undefined;
    try {
      for (let n = 1; n <= BLOCKS; n++) {
        await mine(n);
        // Someone else uses a traffic account behind the traffic's back: its next nonces are taken.
        if (n === 8) {
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
          stolenAt = blockAt(n);
        }
      }
    } finally {
      await traffic.stop();
    }
    // stop() returned once the loop had ended, not after its 5 s fallback.
    expect(traffic.running).toBe(false);
    expect(answered, 'one round for each block, in order').toEqual(Array.from({ length: BLOCKS }, (_, i) => blockAt(i + 1)));

    // The base fee both rises and falls with the wave.
    const baseFees: bigint[] = [];
    for (let n = 1; n <= BLOCKS; n++) baseFees.push((await client.getBlock({ blockNumber: blockAt(n) })).baseFeePerGas!);
    expect(longestRun(baseFees.slice(2), 1)).toBeGreaterThanOrEqual(4);
    expect(longestRun(baseFees.slice(2), -1)).toBeGreaterThanOrEqual(4);
    const max = baseFees.reduce((a, b) => (a > b ? a : b));
    const min = baseFees.reduce((a, b) => (a < b ? a : b));
    expect(Number(max) / Number(min)).toBeGreaterThan(1.5);

    // The mix: many senders, varied tips, some failing calls, creations, swaps; the robbed account recovers.
    const txs: (Transaction & { status?: Hex })[] = [];
    for (let n = 1; n <= BLOCKS; n++) {
      const block = await client.getBlock({ blockNumber: blockAt(n), includeTransactions: true });
      txs.push(...(block.transactions as Transaction[]));
    }
    const receipts = await Promise.all(txs.map((tx) => client.getTransactionReceipt({ hash: tx.hash })));
    const fromTraffic = txs.filter((tx) => trafficAddresses.has(tx.from.toLowerCase()));
    expect(fromTraffic.length).toBeGreaterThan(BLOCKS * 3);
    expect(new Set(fromTraffic.map((tx) => tx.from)).size).toBe(trafficAddresses.size);
    expect(new Set(fromTraffic.map((tx) => tx.maxPriorityFeePerGas)).size).toBeGreaterThanOrEqual(4);
    expect(receipts.some((r) => r.status === 'reverted')).toBe(true);
    expect(receipts.some((r) => r.contractAddress)).toBe(true);
    expect(fromTraffic.some((tx) => tx.to?.toLowerCase() === manifest.contracts.uniswapRouter.toLowerCase())).toBe(true);
    expect(fromTraffic.some((tx) => tx.to?.toLowerCase() === manifest.contracts.gasBurner.toLowerCase())).toBe(true);
    const robbed = manifest.accounts.traffic[2]!.address.toLowerCase();
    expect(txs.some((tx) => tx.from.toLowerCase() === robbed && tx.value !== 1n && tx.blockNumber! > stolenAt! + 2n)).toBe(true);

    // After stop(): new blocks get no transactions from the traffic accounts (what was already sent is mined).
    const nonces = async () =>
      Promise.all([...trafficAddresses].map((address) => client.getTransactionCount({ address: address as Address, blockTag: 'pending' })));
    const sent = await nonces();
    for (let n = BLOCKS + 1; n <= BLOCKS + 3; n++) await rawRequest(client, 'evm_mine', [Number(first.timestamp) + n]);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(blockAt(BLOCKS + 3));
    expect(await nonces()).toEqual(sent);
    expect(answered).toHaveLength(BLOCKS);

    // The price feed moved (its last round, sent for block BLOCKS, is mined after it): a round for each block the traffic answered whose number is a multiple of
    // PRICE_ROUND_BLOCKS, each answer the step nextAnswer takes from the one before for that block.
    const feed = manifest.contracts.priceFeed!;
    const rounds = await client.getContractEvents({ address: feed, abi: priceFeedAbi, eventName: 'AnswerUpdated', fromBlock: blockAt(1), toBlock: blockAt(BLOCKS + 3) });
    const roundBlocks = answered.filter((head) => head % PRICE_ROUND_BLOCKS === 0n);
    expect(rounds.length).toBe(roundBlocks.length);
    let previous = (await client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'latestRoundData', blockNumber: first.number }))[1];
    for (const [i, round] of rounds.entries()) {
      expect(round.args.current).toBe(nextAnswer(previous, roundBlocks[i]!));
      previous = round.args.current!;
    }
  }, 120_000);

  it('mines a block every blockTimeSeconds and sends for each; logs and carries on when the node goes away; stop() ends it', async () => {
    const dying = await startAnvil();
    const log: string[] = [];
    const answered: bigint[] = [];
    const traffic = startTraffic({ rpcUrl: dying.url, manifest, blockTimeSeconds: 1, seed: SEED, log: (line) => log.push(line), onRound: (head) => answered.push(head) });
    try {
      try {
        // Nobody mines here but Anvil, at the interval the traffic set, and the traffic answers its blocks.
        await expect.poll(() => answered.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
        expect(log).toContain('traffic: mining a block every 1 s');
      } finally {
        await dying.stop();
      }
      const before = log.length;
      // The loop's own failure (not a refused send of a round under way) is said, and the loop goes on.
      await expect.poll(() => log.slice(before).filter((line) => line.startsWith('traffic: ') && !line.includes(' refused: ')), { timeout: 10_000 }).not.toEqual([]);
      expect(traffic.running).toBe(true);
      expect(log.filter((line) => line.startsWith('traffic: stopped by an error'))).toEqual([]);
    } finally {
      await traffic.stop();
    }
    expect(traffic.running, 'stop() ended the loop, not its 5 s fallback').toBe(false);
  }, 60_000);
});
