import type { Hex, HDAccount } from 'viem';
import { pickActivity, type ActivityContext } from './activity-mix';
import type { Prng } from './prng';
import type { SeedDriver } from './seed-driver';

/**
 * Mines `blocks` blocks of everyday traffic between the traders: one to five transactions each,
 * chosen by the seeded PRNG (swaps, transfers, approvals, WETH, storage writes, creations).
 * Returns the first swap's hash for the manifest.
 */
export async function seedActivity(
  driver: SeedDriver,
  ctx: ActivityContext,
  traders: readonly HDAccount[],
  rng: Prng,
  blocks: number,
): Promise<{ firstSwapHash: Hex | undefined }> {
  let firstSwapHash: Hex | undefined;
  for (let b = 0; b < blocks; b++) {
    const count = 1 + rng.int(5);
    for (let i = 0; i < count; i++) {
      const sender = rng.pick(traders);
      const tx = pickActivity(ctx, rng, sender.address);
      const hash = await driver.send(sender, tx, tx.kind, tx.succeeds ? 'success' : 'failure');
      if (tx.kind.startsWith('swap')) firstSwapHash ??= hash;
    }
    await driver.mine();
  }
  return { firstSwapHash };
}
