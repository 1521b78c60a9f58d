/** How many of the latest blocks keep their state across a restart, beside the seeded ones. */
export const RECENT_STATES_KEPT = 128;

/**
 * The blocks whose state a restart keeps, as a predicate on block hashes: every seeded block (the fixtures
 * people and tests read at old blocks: storage slots, reverts, balances) and the latest
 * {@link RECENT_STATES_KEPT}. Each state is a full copy (about 250 kB for the seeded chain), so keeping
 * every block a sandbox mined would grow its snapshot by 7 MB a minute. Asked of Anvil in one batch.
 */
export async function historyToKeep(anvilUrl: string, seededToBlock: number): Promise<(blockHash: string) => boolean> {
  const head = Number.parseInt((await call<string>(anvilUrl, [{ method: 'eth_blockNumber', params: [] }]))[0]!, 16);
  const numbers = new Set<number>();
  for (let n = 0; n <= Math.min(seededToBlock, head); n++) numbers.add(n);
  for (let n = Math.max(0, head - RECENT_STATES_KEPT + 1); n <= head; n++) numbers.add(n);
  const blocks = await call<{ hash: string } | null>(
    anvilUrl,
    [...numbers].map((n) => ({ method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false] })),
  );
  const hashes = new Set(blocks.flatMap((block) => (block ? [block.hash.toLowerCase()] : [])));
  return (hash) => hashes.has(hash.toLowerCase());
}

async function call<T>(url: string, requests: { method: string; params: unknown[] }[]): Promise<T[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(requests.map((request, id) => ({ jsonrpc: '2.0', id, ...request }))),
    signal: AbortSignal.timeout(10_000),
  });
  const answers = (await response.json()) as { id: number; result?: T; error?: { message: string } }[];
  return answers
    .sort((a, b) => a.id - b.id)
    .map((answer) => {
      if (answer.error) throw new Error(answer.error.message);
      return answer.result as T;
    });
}
