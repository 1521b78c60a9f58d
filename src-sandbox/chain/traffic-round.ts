import { encodeFunctionData, formatGwei, parseEther, parseGwei, type Address, type HDAccount } from 'viem';
import { gasBurnerAbi } from './abis';
import { pickActivity, type ActivityContext } from './activity-mix';
import { blockFill, targetBaseFee, type FeeWave } from './fee-controller';
import type { SeedManifest } from './manifest';
import type { Prng } from './prng';
import { rawRequest, type SandboxClient } from './sandbox-chain';
import { movePrice } from './traffic-price';
import type { TrafficSender } from './traffic-sender';

// One live round of the sandbox's traffic (traffic.ts runs them): an everyday mix, gas burners sized to the base-fee
// wave, the price feed's moves, and the accounts' top-ups.

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

/** What the traffic sends to: the everyday mix's addresses plus the burner and the price feed (when the chain has one). */
export type TrafficContext = ActivityContext & { gasBurner: Address; priceFeed?: Address };

export interface Round {
  head: bigint;
  /** Seconds into the wave of a block with this timestamp. */
  waveSeconds: (timestamp: bigint) => number;
  wave: FeeWave;
  signal: AbortSignal;
}

/** Sends one block's worth of transactions; returns a summary line. */
export async function sendRound(
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
export async function topUp(client: SandboxClient, accounts: readonly HDAccount[], log: (line: string) => void): Promise<void> {
  for (const account of accounts) {
    if ((await client.getBalance({ address: account.address })) < TOP_UP_BELOW) {
      await client.setBalance({ address: account.address, value: TOP_UP_TO });
      log(`traffic: topped up ${account.address.slice(0, 10)}`);
    }
  }
}

export function activityContext(manifest: SeedManifest, accounts: readonly HDAccount[]): TrafficContext {
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
