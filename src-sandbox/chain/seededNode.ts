import type { SeededBlocks } from '../gateway/seededState';
import { startAnvil, type AnvilProcess } from './anvil';

/** The seeded node: an Anvil holding every seeded block's state, which never mines (see docs/design-notes.md, "Two nodes"). */
export interface SeededNode {
  url: string;
  /** The Anvil process's PID (a new one after a restart). */
  readonly pid: number;
  /** Stops it (no dump: its snapshot never changes). */
  stop(): Promise<void>;
}

/** How many times in a row a seeded node that died is started again before the sandbox stops trying. */
const RESTART_ATTEMPTS = 5;

/**
 * Starts the seeded node from the seeded snapshot: every seeded block's state kept in memory (`--prune-history`
 * sized to them: none is ever moved to disk, so reading one never grows the node), no mining (nothing is ever
 * sent to it but reads at seeded blocks), nothing dumped. If it dies, it is started again on the same port.
 */
export async function startSeededNode(snapshot: string, seededToBlock: number, log: (line: string) => void = () => {}): Promise<SeededNode> {
  const launch = (port?: number) =>
    startAnvil({
      ...(port !== undefined ? { port } : {}),
      args: ['--preserve-historical-states', '--prune-history', String(seededToBlock + 2), '--no-mining', '--load-state', snapshot],
    });
  let node: AnvilProcess = await launch();
  const port = Number(new URL(node.url).port);
  let stopping = false;
  const supervise = (): void => {
    void node.exited.then(async (code) => {
      for (let attempt = 1; !stopping; attempt++) {
        try {
          log(`the seeded node stopped unexpectedly (exit code ${code}): starting it again`);
          node = await launch(port);
          supervise();
          return;
        } catch (error) {
          if (attempt >= RESTART_ATTEMPTS) return log(`the seeded node could not be started again: ${(error as Error).message.split('\n')[0]}`);
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    });
  };
  supervise();
  return {
    url: node.url,
    get pid() {
      return node.pid;
    },
    async stop() {
      stopping = true;
      await node.stop();
    },
  };
}

/** The seeded blocks as the gateway routes by them: their last number and each one's hash, read from the seeded node in one batch. */
export async function readSeededBlocks(url: string, seededToBlock: number): Promise<SeededBlocks> {
  const body = Array.from({ length: seededToBlock + 1 }, (_, n) => ({ jsonrpc: '2.0', id: n, method: 'eth_getBlockByNumber', params: [`0x${n.toString(16)}`, false] }));
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const answers = (await response.json()) as { id: number; result?: { hash?: string } | null }[];
  const hashes = new Set(answers.flatMap((answer) => (typeof answer.result?.hash === 'string' ? [answer.result.hash.toLowerCase()] : [])));
  if (hashes.size !== seededToBlock + 1) throw new Error(`the seeded node knows ${hashes.size} of the ${seededToBlock + 1} seeded blocks`);
  return { toBlock: seededToBlock, hashes };
}
