import { formatGwei, type HDAccount } from 'viem';
import { sandboxAccount } from './accounts';
import { mineEvery } from './blockClock';
import { followWallClock } from './chain-time';
import { FAST_FORWARD_WAVE_PERIOD_SECONDS, fastForward } from './fastForward';
import { DEFAULT_FEE_WAVE, targetBaseFee, type FeeWave } from './fee-controller';
import type { SeedManifest } from './manifest';
import { createPrng } from './prng';
import { createSandboxClient, type SandboxClient } from './sandbox-chain';
import { activityContext, sendRound, topUp, type TrafficContext } from './traffic-round';
import { shortMessage, TrafficSender } from './traffic-sender';

/** Options of `startTraffic`. */
export interface TrafficOptions {
  rpcUrl: string;
  /** The seeded chain's manifest: the only source of addresses, so a restored chain works too. */
  manifest: SeedManifest;
  /** Anvil mines a block every this many seconds. */
  blockTimeSeconds: number;
  log?: (line: string) => void;
  /** Period of the target base-fee wave, in seconds (default 180). */
  periodSeconds?: number;
  /** Before live blocks, mine traffic blocks spread over this many seconds up to now (see fastForward). */
  fastForwardSeconds?: number;
  /** Seed of the traffic's choices (senders, kinds of transaction, amounts, tips); by default the clock's, so runs differ. */
  seed?: number;
  /**
   * Leaves mining to the caller: Anvil is not switched to interval mining and its clock is not moved. Tests mine
   * the blocks they choose (`evm_mine` with a timestamp) and wait for `onRound` before the next, so what is sent
   * depends on those blocks and `seed` alone. New blocks are then looked for every 50 ms.
   */
  minedByCaller?: boolean;
  /** Hears each live round once it is over (top-ups and nonce heals included): the block it answered and its summary. */
  onRound?: (head: bigint, line: string) => void;
}


/** A running traffic generator. */
export interface TrafficHandle {
  /** Stops sending; resolves once no send is in flight (or after 5 s at most). Anvil keeps mining at the interval. */
  stop(): Promise<void>;
  /** True until the traffic's loop has ended (after `stop()`, or an error it cannot go on from). */
  readonly running: boolean;
  /** True while it mines the fast-forward's past (asked with `fastForwardSeconds`), before live blocks. */
  readonly fastForwarding: boolean;
}


/**
 * Mines a block every `blockTimeSeconds` (blockClock.ts) and, for each new block, sends an everyday mix (swaps,
 * transfers, occasional failing calls and contract creations, varied tips) plus GasBurner calls
 * sized so the base fee follows a slow wave: heavy blocks when it is below the wave's target,
 * light ones when above. Errors are logged, never thrown.
 */
export function startTraffic(options: TrafficOptions): TrafficHandle {
  // Anvil takes whole seconds, and 0 would switch interval mining off.
  if (!Number.isInteger(options.blockTimeSeconds) || options.blockTimeSeconds < 1) {
    throw new Error(`startTraffic: blockTimeSeconds must be a whole number of seconds >= 1, got ${options.blockTimeSeconds}`);
  }
  const log = options.log ?? (() => {});
  const abort = new AbortController();
  let running = true;
  const progress = { fastForwarding: Boolean(options.fastForwardSeconds) };
  const done = runTraffic(options, log, abort.signal, progress)
    .catch((error: unknown) => log(`traffic: stopped by an error: ${shortMessage(error)}`))
    .finally(() => {
      running = false;
      progress.fastForwarding = false;
    });
  return {
    async stop() {
      abort.abort();
      await Promise.race([done, sleep(5_000)]);
    },
    get running() {
      return running;
    },
    get fastForwarding() {
      return progress.fastForwarding;
    },
  };
}

async function runTraffic(options: TrafficOptions, log: (line: string) => void, signal: AbortSignal, progress: { fastForwarding: boolean }): Promise<void> {
  const { manifest, blockTimeSeconds } = options;
  const client = createSandboxClient(options.rpcUrl);
  const wave: FeeWave = { ...DEFAULT_FEE_WAVE, periodSeconds: options.periodSeconds ?? DEFAULT_FEE_WAVE.periodSeconds };
  const sender = new TrafficSender(client, log);
  const rng = createPrng(options.seed ?? Date.now());
  // The accounts' keys and the activity's calldata are made for the first round, not at the start: deriving the
  // keys (BIP-32 from the mnemonic, elliptic-curve tables built on first use) took about 100 ms of the sandbox's
  // start, before it answered anyone.
  let prepared: { accounts: HDAccount[]; ctx: TrafficContext } | undefined;
  const prepare = () => {
    if (!prepared) {
      const accounts = manifest.accounts.traffic.map((a) => sandboxAccount(a.index));
      prepared = { accounts, ctx: activityContext(manifest, accounts) };
    }
    return prepared;
  };

  // Setup is retried: the node may still be loading a saved state when traffic starts.
  let fastForwarded = !options.fastForwardSeconds;
  let start: { block: bigint; timestamp: number } | undefined;
  for (let attempt = 0; !signal.aborted; attempt++) {
    try {
      if (!fastForwarded) {
        const past: FeeWave = { ...DEFAULT_FEE_WAVE, periodSeconds: FAST_FORWARD_WAVE_PERIOD_SECONDS };
        let rounds = 0;
        await fastForward(client, {
          seconds: options.fastForwardSeconds!,
          wave: past,
          log,
          signal,
          round: async (head, elapsed) => {
            const { accounts, ctx } = prepare();
            if (++rounds % 20 === 0) await topUp(client, accounts, log);
            return sendRound(client, sender, accounts, ctx, rng, { head, waveSeconds: () => elapsed, wave: past, signal });
          },
        });
        fastForwarded = true;
        progress.fastForwarding = false;
      }
      start = await setUpMining(client, blockTimeSeconds, wave, log, options.minedByCaller === true);
      break;
    } catch (error) {
      if (attempt === 0) log(`traffic: setup failed, retrying: ${shortMessage(error)}`);
      await sleep(1_000, signal);
    }
  }
  if (!start) return;
  // The wave follows the chain's clock, as the fast-forward's does: with interval mining the blocks carry wall-clock
  // times from the start on, and blocks a caller mines are placed on the wave by the times it gives them.
  const { block: startBlock, timestamp: startTime } = start;
  const waveSeconds = (timestamp: bigint) => Math.max(0, Number(timestamp) - startTime);
  const pollMs = options.minedByCaller ? 50 : Math.min(500, Math.max(50, (blockTimeSeconds * 1000) / 8));
  const mining = options.minedByCaller ? Promise.resolve() : mineEvery(client, blockTimeSeconds, signal, log);
  let seen = startBlock;
  let rounds = 0;
  let failing = false;
  while (!signal.aborted) {
    try {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      failing = false;
      if (head > seen) {
        seen = head;
        const { accounts, ctx } = prepare();
        const line = await sendRound(client, sender, accounts, ctx, rng, { head, waveSeconds, wave, signal });
        if (++rounds % 10 === 1) log(line);
        if (rounds % 20 === 0) {
          await topUp(client, accounts, log);
          for (const account of accounts) await sender.heal(account.address);
        }
        options.onRound?.(head, line);
      }
    } catch (error) {
      // One line per streak of failures, not one per poll while the node is down.
      if (!failing) log(`traffic: ${shortMessage(error)}`);
      failing = true;
    }
    await sleep(pollMs, signal);
  }
  await mining;
}

/**
 * Turns automine off and, unless the caller mines, moves Anvil's clock to now (the sandbox then mines every `blockTimeSeconds`).
 * Returns the latest block (live rounds answer the blocks after it) and the time the wave starts at.
 */
async function setUpMining(
  client: SandboxClient,
  blockTimeSeconds: number,
  wave: FeeWave,
  log: (line: string) => void,
  minedByCaller: boolean,
): Promise<{ block: bigint; timestamp: number }> {
  const now = minedByCaller ? undefined : await followWallClock(client, log);
  await client.setAutomine(false);
  // The blocks are mined by the sandbox's own clock (blockClock.ts), not by Anvil's interval mining.
  if (!minedByCaller) await client.setIntervalMining({ interval: 0 });
  // A freshly seeded chain ends with a base fee of a few wei (its blocks were light). Start the
  // wave where it is rather than spend many minutes of full blocks climbing to it.
  const latest = await client.getBlock({ blockTag: 'latest' });
  const baseFee = latest.baseFeePerGas ?? 0n;
  const target = targetBaseFee(0, wave);
  if (baseFee * 4n < target || baseFee > target * 4n) {
    await client.setNextBlockBaseFeePerGas({ baseFeePerGas: target });
    log(`traffic: base fee ${formatGwei(baseFee)} gwei moved to ${formatGwei(target)} gwei`);
  }
  log(minedByCaller ? 'traffic: blocks are mined by the caller' : `traffic: mining a block every ${blockTimeSeconds} s`);
  return { block: latest.number, timestamp: now ?? Number(latest.timestamp) };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
