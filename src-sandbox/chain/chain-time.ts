import { rawRequest, type SandboxClient } from './sandbox-chain';

/**
 * Makes the blocks mined from now on carry wall-clock timestamps, without ever going back in
 * time. The seeded history uses fixed timestamps (genesis + 12 s x number, for identical block
 * hashes everywhere), and Anvil then keeps counting from the last of them; this moves its clock
 * to now. If now is earlier than the chain's latest block (a machine clock set in the past),
 * it leaves Anvil's clock alone: Anvil then continues from the latest block's timestamp at
 * wall-clock pace, which keeps timestamps monotonic. Returns the timestamp the next block gets
 * at the earliest.
 */
export async function followWallClock(client: SandboxClient, log: (line: string) => void = () => {}): Promise<number> {
  // Harmless when none is set; a saved state from an older seeder may still carry one.
  await client.removeBlockTimestampInterval();
  const latest = Number((await client.getBlock({ blockTag: 'latest' })).timestamp);
  const now = Math.floor(Date.now() / 1000);
  if (now > latest) {
    await rawRequest(client, 'evm_setTime', [now]);
    return now;
  }
  log(`chain time: wall clock ${now} is not after the latest block (${latest}); keeping the chain's clock`);
  return latest;
}
