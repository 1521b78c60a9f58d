import { rawRequest, type SandboxClient } from './sandbox-chain';
import { targetBaseFee, type FeeWave } from './fee-controller';

/** Blocks a fast-forward mines at most: enough for a smooth day chart, quick to mine. */
export const FAST_FORWARD_MAX_BLOCKS = 1440;
/** The shortest spacing of fast-forwarded blocks: a slot, as on mainnet. */
const MIN_STEP_SECONDS = 12;
/** The fee wave's period in chain time while fast-forwarding: several rises and falls in a day. */
export const FAST_FORWARD_WAVE_PERIOD_SECONDS = 3 * 3600;

/** Sends one block's traffic for the block after `head`, `elapsed` chain seconds into the fast-forward. */
export type SendRound = (head: bigint, elapsed: number) => Promise<string>;

/**
 * Gives a chain a past: mines traffic blocks whose timestamps run from `seconds` ago (or just after the latest
 * block, when that is later) up to now, evenly spaced (12 s apart, or wider so that at most 1,440 blocks are
 * mined), each with the traffic `round` sends. A chain whose latest block is already within two minutes of now
 * is left alone. Returns the number of blocks mined. Interval mining must be off (automine is turned off here).
 */
export async function fastForward(
  client: SandboxClient,
  options: { seconds: number; wave: FeeWave; round: SendRound; log: (line: string) => void; signal: AbortSignal; now?: number },
): Promise<number> {
  const latest = await client.getBlock({ blockTag: 'latest' });
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const start = Math.max(Number(latest.timestamp) + 1, now - options.seconds);
  if (now - start < 120) {
    options.log('fast-forward: the chain is already recent; nothing to mine');
    return 0;
  }
  const step = Math.max(MIN_STEP_SECONDS, Math.ceil((now - start) / FAST_FORWARD_MAX_BLOCKS));
  const blocks = Math.floor((now - start) / step);
  options.log(`fast-forward: mining ${blocks} blocks of traffic, ${step} s apart, from ${new Date(start * 1000).toISOString()} to now`);
  await client.removeBlockTimestampInterval();
  await client.setAutomine(false);
  // Start the wave where it begins rather than climb to it from a seeded chain's few-wei base fee.
  await client.setNextBlockBaseFeePerGas({ baseFeePerGas: targetBaseFee(0, options.wave) });
  let head = latest.number;
  for (let index = 1; index <= blocks && !options.signal.aborted; index++) {
    const timestamp = start + index * step;
    const line = await options.round(head, timestamp - start);
    await rawRequest(client, 'evm_mine', [timestamp]);
    head += 1n;
    if (index % 100 === 0 || index === blocks) options.log(`fast-forward: ${index}/${blocks} blocks (${line.replace(/^traffic: /, '')})`);
  }
  return blocks;
}
