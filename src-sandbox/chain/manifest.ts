import type { Address, Hex } from 'viem';

/**
 * What the seeder made, written to `<data>/chain/manifest.json` once seeding finishes. Tests,
 * benchmarks and the app's demo hints read it instead of guessing addresses or block numbers.
 * Everything in it is deterministic: the same on every machine and every `--fresh` seed.
 */
export interface SeedManifest {
  version: 1;
  chainId: number;
  /** Last block mined by the seeder (history after it is live traffic). */
  seededToBlock: number;
  /** Hash of `seededToBlock`: equal across runs only if every seeded block (timestamps included) is. */
  seededToBlockHash: Hex;
  /** Seeded block n has timestamp genesis + n x this; live blocks use the wall clock. */
  seedBlockIntervalSeconds: number;
  /** Wall-clock seconds the seeding took (for the benchmark; not deterministic). */
  seedSeconds: number;
  contracts: {
    weth: Address;
    /** ERC-20 tokens: at least two. */
    tokens: { symbol: string; address: Address; decimals: number }[];
    uniswapFactory: Address;
    uniswapRouter: Address;
    /** Uniswap V2 pairs created during seeding. */
    pairs: { token0: Address; token1: Address; address: Address }[];
    /** Functions that revert in every way: see `reverts`. */
    reverter: Address;
    /** Plain variables and a mapping, for slot computation: see `storage`. */
    storageShowcase: Address;
    /** Emits many events: see `logStorm`. */
    logStorm: Address;
    /** Burns a chosen amount of gas; used by traffic to move the base fee. */
    gasBurner: Address;
    /** Returns gasleft(); shows the eth_call gas cap. */
    gasProbe: Address;
    /** What the EIP-7702 transaction's sender delegates its code to. */
    batchCall: Address;
    /**
     * One ERC-20 implementation (ProxiedToken) behind OpenZeppelin's ERC1967Proxy (token PXG) and
     * TransparentUpgradeableProxy (token TXG, its admin the ProxyAdmin it deployed), with transfers through each.
     */
    proxiedToken: { implementation: Address; erc1967Proxy: Address; transparentProxy: Address; transparentProxyAdmin: Address };
  };
  /** Accounts of the sandbox mnemonic by role (`index` is the m/44'/60'/0'/0/index address index). */
  accounts: {
    deployer: { index: number; address: Address };
    /** Sender of the EIP-7702 transaction; its code delegates to `contracts.batchCall` from then on. */
    delegator: { index: number; address: Address };
    traders: { index: number; address: Address }[];
    /** Used only by live traffic, never by the seeder after funding. */
    traffic: { index: number; address: Address }[];
  };
  /** One transaction hash per kind, all mined in the seeded history. */
  transactions: {
    legacy: Hex;
    accessList: Hex;
    eip1559: Hex;
    eip7702: Hex;
    /** Present only if Anvil accepted a blob transaction (it does: an all-zero blob, see zero-blob-kzg.ts). */
    blob?: Hex;
    /** A transaction whose receipt has status 0. */
    failed: Hex;
    contractCreation: Hex;
    erc20Transfer: Hex;
    swap: Hex;
  };
  /** A block holding at least 500 transactions. */
  bigBlock: { number: number; transactionCount: number };
  /** Log-limit showcase: more than 10,000 logs inside [denseFromBlock, denseToBlock] (at most 100 blocks). */
  logStorm: { fromBlock: number; toBlock: number; totalLogs: number; denseFromBlock: number; denseToBlock: number; denseLogs: number };
  /** Calls (eth_call `data` to `contracts.reverter`) and what each revert decodes to. */
  reverts: {
    reasonString: { data: Hex; reason: string };
    customError: { data: Hex; errorName: string; signature: string };
    panicOverflow: { data: Hex; panicCode: number };
    panicDivisionByZero: { data: Hex; panicCode: number };
  };
  /** Storage of `contracts.storageShowcase` as written by the seeder. */
  storage: {
    plain: { name: string; slot: number; value: Hex }[];
    mapping: { name: string; slot: number; key: Address; value: Hex };
  };
}
