import type { SeedManifest } from './chain/manifest';
import type { DemoContent } from './content/seedDemoContent';
import type { GatewayLimits } from './gateway/createGateway';

// What the sandbox takes and gives: its options, the addresses it prints, and the running sandbox (`startSandbox`).

export interface SandboxOptions {
  dataDir: string;
  port?: number;
  host?: string;
  key?: string;
  secret?: string;
  /** Keep the key itself in the data folder (default), or only its hash when the caller supplies it on every start. */
  storeKey?: boolean;
  /** Seconds between live blocks after seeding; 0 keeps the chain still (no traffic). */
  blockTimeSeconds?: number;
  /** Before live traffic, mine traffic blocks spread over this many past hours up to now (the chain gets a past). */
  fastForwardHours?: number;
  /** Throw away the saved chain and seed anew. */
  fresh?: boolean;
  /**
   * How many of its latest blocks' states the live node keeps (`LIVE_STATES_KEPT` in sandbox.ts by default). A test run's
   * shared sandbox keeps more: its suites read the whole chain's history, which a person's sandbox answers only for
   * its seeded and latest blocks.
   */
  liveStatesKept?: number;
  /**
   * How many of its latest blocks the live node keeps, with their transactions and receipts (`LIVE_BLOCKS_KEPT` in
   * sandbox.ts by default; the seeded blocks are always kept). The live node is renewed every eighth of that: started
   * again from its save, without the live blocks before the window. Reads of a dropped block are refused with geth's
   * 4444 "pruned history unavailable". Only a sandbox that saves its chain is renewed.
   */
  liveBlocksKept?: number;
  /** Renew the live node every this many blocks (default: an eighth of `liveBlocksKept`, at least 16). */
  renewEveryBlocks?: number;
  /**
   * Save the chain as it runs (every minute and when stopping; default true). False for a throwaway sandbox whose
   * folder is removed after (a test run's shared sandbox): no dump of the whole chain every minute, none at the end.
   * A first start still saves the seeded chain.
   */
  saveChain?: boolean;
  limits?: Partial<GatewayLimits>;
  /** Progress lines for a person (never contain the key or secret). */
  log?: (line: string) => void;
}

/** What the ready line prints: every address a client needs, and the credentials. */
export interface SandboxInfo {
  chainId: number;
  rpcUrl: string;
  wsUrl: string;
  gasUrl: string;
  storageUrl: string;
  key: string;
  /** Known only when given with --secret or generated in this run; the data folder keeps just its hash. */
  secret: string | null;
  /** How many of the latest live blocks' states the live node keeps (`--live-states N`); every seeded block's is kept. */
  liveStatesKept: number;
  /** How many of the latest live blocks the live node keeps at a renewal (`--live-blocks N`); every seeded block is kept. */
  liveBlocksKept: number;
}

export interface Sandbox {
  info: SandboxInfo;
  /** The live Anvil's own address, for benchmarks and tests that compare against the bare node. */
  anvilUrl: string;
  anvilPid: number;
  /**
   * Settles once the seeded node (a second Anvil keeping every seeded block's state; it never mines) is up: the
   * sandbox is ready before it, and reads of a seeded block's state wait for it. Rejects if it cannot start.
   */
  seededReady: Promise<void>;
  /** The seeded node's address, for tests that read or trace at seeded blocks on the bare node; after `seededReady`. */
  readonly seededAnvilUrl: string;
  readonly seededAnvilPid: number;
  manifest: SeedManifest;
  /** The demo folder in the content store (deterministic CIDs). */
  demoContent: DemoContent;
  /** Renews the live node now (tests and benches; the sandbox renews it by itself, see `liveBlocksKept`). */
  renewLiveNode(): Promise<void>;
  /** Rejects if Anvil dies while the sandbox runs and cannot be started again from the last save. */
  failed: Promise<never>;
  /** Stops traffic, saves the chain, stops the server and Anvil. Safe to call twice. */
  close(): Promise<void>;
}
