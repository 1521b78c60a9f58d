import { chainPaths, keepDump, stateFileToLoad } from './chain/chainState';
import type { AnvilProcess } from './chain/anvil';

/** How many times in a row the sandbox tries to start a node that died under it before it gives up (and exits). */
const ANVIL_RESTART_ATTEMPTS = 5;
/** How often the head is read to see whether the live node is due for renewal. */
const RENEWAL_CHECK_MS = 5_000;

/** Renewing the live node: its history window, and the gateway's part in it (see docs/design-notes.md). */
export interface Renewal {
  /** The last seeded block: every block up to it is kept. */
  seededTo: number;
  /** How many of the latest live blocks are kept at a renewal (with their transactions and receipts). */
  blocksKept: number;
  /** A renewal every this many live blocks. */
  every: number;
  /** Holds the gateway's requests to the live node; returns the release. */
  holdNode(): Promise<() => void>;
  /** Tells the gateway the oldest live block the node holds. */
  setFloor(floor: number): void;
}

export interface LiveNodeOptions {
  /** The live node, running. */
  node: AnvilProcess;
  /** Starts the live node on `port` from `loadFrom` (saving its chain as the sandbox does). */
  launch(loadFrom: string | undefined, port: number): Promise<AnvilProcess>;
  dataDir: string;
  stopTraffic(): Promise<void>;
  startTraffic(): void;
  /** True while the traffic mines a fast-forward's past: a renewal waits for it to end (it would cut it short). */
  fastForwarding(): boolean;
  /** Absent for a sandbox that does not save its chain (a test run's throwaway): it is never renewed. */
  renewal?: Renewal;
  log(line: string): void;
}

export interface LiveNode {
  /** The live node now (another process after a restart or a renewal, on the same port). */
  readonly current: AnvilProcess;
  /** Rejects if the node dies and cannot be started again. */
  failed: Promise<never>;
  /** Renews the node now (tests; the sandbox renews by itself every `renewal.every` blocks). */
  renew(): Promise<void>;
  /** Stops renewing and restarting (after a renewal under way); the node itself is stopped by the caller. */
  close(): Promise<void>;
}

/**
 * Keeps the live node running: starts it again from the last save when it dies, and renews it every so many blocks.
 * A renewal stops the node (it dumps its chain as it stops), keeps of the dump the seeded blocks and the latest
 * `blocksKept` live ones (their call traces dropped), and starts it again from that on the same port, the gateway
 * holding requests meanwhile. Why: Anvil's memory grows with every transaction it mines, whatever it is told to keep
 * (docs/design-notes.md, "The live node's history window"); a node started from its dump holds a fraction of it.
 */
export function superviseLiveNode(options: LiveNodeOptions): LiveNode {
  const { dataDir, log, renewal } = options;
  let node = options.node;
  const port = Number(new URL(node.url).port);
  let closing = false;
  let renewing: Promise<void> | undefined;
  let renewedAt: number | undefined;

  const headOf = async (url: string) => Number(await nodeCall(url, 'eth_blockNumber'));

  async function renew(): Promise<void> {
    if (!renewal || closing) return;
    const release = await renewal.holdNode();
    let stopped = false;
    let renewed = false;
    try {
      await options.stopTraffic();
      // A transaction accepted but not yet mined would not survive the stop (a dump holds no pool): mine it first.
      const pool = (await nodeCall(node.url, 'txpool_status')) as { pending?: string };
      if (Number(pool.pending ?? 0) > 0) await nodeCall(node.url, 'evm_mine');
      const head = await headOf(node.url);
      const floor = Math.max(renewal.seededTo + 1, head - renewal.blocksKept + 1);
      const started = performance.now();
      stopped = true;
      await node.stop(); // it dumps its chain as it stops
      const dumped = performance.now();
      const paths = chainPaths(dataDir);
      await keepDump(dataDir, { block: (n) => n <= renewal.seededTo || n >= floor });
      const kept = performance.now();
      node = await options.launch(paths.live, port);
      renewal.setFloor(floor);
      renewedAt = head;
      renewed = true;
      const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
      const now = performance.now();
      log(
        `live node renewed at block ${head} in ${seconds(started, now)} s (stopped and dumped ${seconds(started, dumped)} s, dump kept ${seconds(dumped, kept)} s, started again ${seconds(kept, now)} s); it keeps the seeded blocks and ${floor} on`,
      );
    } finally {
      release();
      // A node stopped and not started again is the supervisor's to restart (it starts the traffic then).
      if (!closing && (renewed || !stopped)) options.startTraffic();
    }
  }

  const renewIfDue = async () => {
    if (!renewal || closing || renewing) return;
    const head = await headOf(node.url).catch(() => undefined);
    if (head === undefined) return;
    renewedAt ??= head; // a fast-forward's blocks count: the renewal after it sheds what mining them left
    if (head - renewedAt < renewal.every || options.fastForwarding()) return;
    // A renewal that failed after the node stopped leaves it to the supervisor below, which says so as it restarts it.
    renewing = renew().catch((error: Error) => log(`the live node's renewal failed: ${error.message.split('\n')[0]}`));
    await renewing;
    renewing = undefined;
  };
  const timer = renewal ? setInterval(() => void renewIfDue(), RENEWAL_CHECK_MS) : undefined;
  timer?.unref();

  // A node that dies (a panic on a request nobody checked, a kill) or whose renewal failed is started again on the
  // same port from the last save (its dump, else the live snapshot), so the gateway, the gas API and their clients
  // go on at the same addresses. Only a restart that fails ends the sandbox.
  const supervise = (): Promise<never> => {
    const watched = node;
    return watched.exited.then(async (code) => {
      if (closing) return new Promise<never>(() => {});
      if (renewing) {
        await renewing.catch(() => {});
        if (node !== watched) return supervise(); // renewed: the new node is watched
      }
      log(`Anvil stopped unexpectedly (exit code ${code}): restarting it from the last save`);
      await options.stopTraffic().catch(() => {});
      for (let attempt = 1; ; attempt++) {
        try {
          node = await options.launch(await stateFileToLoad(dataDir, log), port);
          break;
        } catch (error) {
          if (closing) return new Promise<never>(() => {});
          if (attempt >= ANVIL_RESTART_ATTEMPTS) {
            throw new Error(`Anvil exited unexpectedly (code ${code}) and could not be started again: ${(error as Error).message}`, { cause: error });
          }
          log(`Anvil did not start again (attempt ${attempt} of ${ANVIL_RESTART_ATTEMPTS}): ${(error as Error).message.split('\n')[0]}; trying again`);
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
      if (closing) {
        await node.stop();
        return new Promise<never>(() => {});
      }
      const head = await headOf(node.url).catch(() => undefined);
      log(`Anvil restarted from the last save${head === undefined ? '' : ` at block ${head}`}; the blocks mined since that save are gone`);
      options.startTraffic();
      return supervise();
    });
  };
  const failed = supervise();
  failed.catch(() => {});

  return {
    get current() {
      return node;
    },
    failed,
    async renew() {
      while (renewing) await renewing.catch(() => {});
      renewing = renew();
      try {
        await renewing;
      } finally {
        renewing = undefined;
      }
    },
    async close() {
      clearInterval(timer);
      const underWay = renewing;
      closing = true;
      await underWay?.catch(() => {});
    },
  };
}

/** Calls the node itself (not through the gateway); throws on an error answer. */
async function nodeCall(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`);
  return body.result;
}

/**
 * The oldest live block a restored live node holds: its dump keeps the seeded blocks and, of the live ones, those
 * from a floor on (a renewal dropped those below). Found by bisection over eth_getBlockByNumber (null in the gap).
 */
export async function findHistoryFloor(url: string, seededTo: number): Promise<number> {
  const exists = async (n: number) => (await nodeCall(url, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false])) !== null;
  const head = Number(await nodeCall(url, 'eth_blockNumber'));
  let low = seededTo + 1;
  let high = head;
  if (low > high || (await exists(low))) return low;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await exists(middle)) high = middle;
    else low = middle;
  }
  return high;
}
