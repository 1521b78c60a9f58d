import { encodeFunctionData, formatGwei, parseEther, parseGwei, type Address, type HDAccount } from 'viem';
import { sandboxAccount } from './accounts';
import { gasBurnerAbi } from './abis';
import { pickActivity, type ActivityContext } from './activity-mix';
import { mineEvery } from './blockClock';
import { followWallClock } from './chain-time';
import { FAST_FORWARD_WAVE_PERIOD_SECONDS, fastForward } from './fastForward';
import { blockFill, DEFAULT_FEE_WAVE, targetBaseFee, type FeeWave } from './fee-controller';
import type { SeedManifest } from './manifest';
import { createPrng, type Prng } from './prng';
import { createSandboxClient, rawRequest, type SandboxClient } from './sandbox-chain';
import { movePrice } from './traffic-price';
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

/** What the traffic sends to: the everyday mix's addresses plus the burner and the price feed (when the chain has one). */
type TrafficContext = ActivityContext & { gasBurner: Address; priceFeed?: Address };

/** A running traffic generator. */
export interface TrafficHandle {
  /** Stops sending; resolves once no send is in flight (or after 5 s at most). Anvil keeps mining at the interval. */
  stop(): Promise<void>;
  /** True until the traffic's loop has ended (after `stop()`, or an error it cannot go on from). */
  readonly running: boolean;
  /** True while it mines the fast-forward's past (asked with `fastForwardSeconds`), before live blocks. */
  readonly fastForwarding: boolean;
}

// Per-transaction cap for GasBurner calls: under EIP-7825's 16.7M cap in case Anvil enforces it.
const MAX_BURN_PER_TX = 10_000_000n;
// Rough gas of one everyday transaction, subtracted from what the burners add.
const MIX_GAS_ESTIMATE = 100_000n;
// With more than this many transactions waiting, a round adds no burners and lets the pool drain.
const BACKLOG = 40;
// Far above any base fee the wave reaches: the sender pays base fee + tip, never this cap, and
// a transaction must not get stuck behind a base-fee spike.
const FEE_CAP_FLOOR = parseGwei('100');
const TIPS = ['0.05', '0.1', '0.5', '1', '1.5', '2', '3', '5'].map((g) => parseGwei(g));
// Burners carry most of each block's gas, and fee-history percentiles are weighted by gas used: a
// fixed burner tip would pin every percentile to it and the priority-fee trend would never move.
const BURN_TIPS = ['0.8', '1', '1.2', '1.5', '2'].map((g) => parseGwei(g));
const TOP_UP_BELOW = parseEther('100');
/** Creation code that sends its balance to the sender and destroys the new account in its constructor. */
const SELF_DESTRUCTING_CREATION = '0x33ff';
const TOP_UP_TO = parseEther('1000');

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

interface Round {
  head: bigint;
  /** Seconds into the wave of a block with this timestamp. */
  waveSeconds: (timestamp: bigint) => number;
  wave: FeeWave;
  signal: AbortSignal;
}

/** Sends one block's worth of transactions; returns a summary line. */
async function sendRound(
  client: SandboxClient,
  sender: TrafficSender,
  accounts: readonly HDAccount[],
  ctx: TrafficContext,
  rng: Prng,
  round: Round,
): Promise<string> {
  const block = await client.getBlock({ blockNumber: round.head });
  const baseFee = block.baseFeePerGas ?? 0n;
  const target = targetBaseFee(round.waveSeconds(block.timestamp), round.wave);
  const fill = blockFill(baseFee, target);
  const status = await rawRequest<{ pending?: string }>(client, 'txpool_status');
  const backlog = Number(status.pending ?? 0);

  const mixCount = 3 + rng.int(6);
  let burn = BigInt(Math.floor(fill * Number(block.gasLimit))) - BigInt(mixCount) * MIX_GAS_ESTIMATE;
  if (backlog > BACKLOG || burn < 0n) burn = 0n;
  const maxFee = (baseFee * 4n > FEE_CAP_FLOOR ? baseFee * 4n : FEE_CAP_FLOOR) + parseGwei('5');
  const burnTip = rng.pick(BURN_TIPS);

  let sent = 0;
  for (let i = 0; i < mixCount && !round.signal.aborted; i++) {
    const from = rng.pick(accounts);
    const tx = pickActivity(ctx, rng, from.address, 0.06);
    const hash = await sender.send(from, { ...tx, maxFeePerGas: maxFee, maxPriorityFeePerGas: rng.pick(TIPS) }, tx.kind);
    if (hash) sent++;
  }
  for (let left = burn, i = 0; left > 0n && !round.signal.aborted; i++) {
    const amount = left > MAX_BURN_PER_TX ? MAX_BURN_PER_TX : left;
    left -= amount;
    const data = encodeFunctionData({ abi: gasBurnerAbi, functionName: 'burn', args: [amount] });
    // Burners go out from the first accounts in turn, so their nonces do not hold up the mix.
    const from = accounts[i % Math.min(2, accounts.length)]!;
    const burnTx = { to: ctx.gasBurner, data, gas: amount + 60_000n, maxFeePerGas: maxFee, maxPriorityFeePerGas: burnTip };
    if (await sender.send(from, burnTx, 'GasBurner.burn')) sent++;
  }
  // The price feed's updater is the last traffic account (seed-price-feed.ts); a new round every few blocks.
  if (ctx.priceFeed && !round.signal.aborted && (await movePrice(client, sender, accounts[accounts.length - 1]!, ctx.priceFeed, round.head, maxFee))) sent++;
  return (
    `traffic: block ${round.head} base fee ${formatGwei(baseFee)} gwei, target ${formatGwei(target)} gwei, ` +
    `fill ${Math.round(fill * 100)}%, sent ${sent}${backlog > BACKLOG ? ` (backlog ${backlog})` : ''}`
  );
}

/** Keeps the traffic accounts' ETH up: burning gas for hours costs thousands of (sandbox) ETH. */
async function topUp(client: SandboxClient, accounts: readonly HDAccount[], log: (line: string) => void): Promise<void> {
  for (const account of accounts) {
    if ((await client.getBalance({ address: account.address })) < TOP_UP_BELOW) {
      await client.setBalance({ address: account.address, value: TOP_UP_TO });
      log(`traffic: topped up ${account.address.slice(0, 10)}`);
    }
  }
}

function activityContext(manifest: SeedManifest, accounts: readonly HDAccount[]): TrafficContext {
  return {
    weth: manifest.contracts.weth,
    tokens: manifest.contracts.tokens,
    router: manifest.contracts.uniswapRouter,
    storageShowcase: manifest.contracts.storageShowcase,
    reverter: manifest.contracts.reverter,
    gasBurner: manifest.contracts.gasBurner,
    priceFeed: manifest.contracts.priceFeed,
    // A creation whose constructor self-destructs (CALLER SELFDESTRUCT: since Cancun an account created and destroyed
    // in one transaction is removed): a real creation, with its receipt's contract address, that leaves no account.
    // Creations that stayed (a token each, four in a hundred transactions) grew the state, and with it every
    // historical state the live node keeps, without end: from 340 kB to 2.6 MB per state in 1,700 blocks.
    creation: { data: SELF_DESTRUCTING_CREATION, gas: 100_000n },
    recipients: accounts.map((a) => a.address),
  };
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
