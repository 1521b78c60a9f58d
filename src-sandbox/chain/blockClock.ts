import type { SandboxClient } from './sandbox-chain';

/**
 * Mines a block every `seconds` until `signal` aborts (a block missed while the node was busy is not made up):
 * the sandbox's own clock, instead of Anvil's interval mining. Why: Anvil raises the number of historical states
 * it keeps in memory to 1,500 when its mining interval is 2 s or less, whatever `--prune-history` says
 * (measured on Anvil 1.7.1: with `--prune-history 5` and a 1 s interval, a dump after 13 blocks held 12 states), so
 * the live node grew by a full state per block; blocks mined by `evm_mine` keep to the limit.
 */
export async function mineEvery(client: SandboxClient, seconds: number, signal: AbortSignal, log: (line: string) => void): Promise<void> {
  const periodMs = seconds * 1000;
  let next = Date.now() + periodMs;
  let failing = false;
  while (!signal.aborted) {
    await wait(next - Date.now(), signal);
    if (signal.aborted) return;
    try {
      await client.mine({ blocks: 1 });
      failing = false;
    } catch (error) {
      // One line per streak of failures (the node restarting), not one per block.
      if (!failing) log(`traffic: could not mine a block: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      failing = true;
    }
    next = Math.max(next + periodMs, Date.now() + periodMs / 2);
  }
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
