import type { SeededNfts } from './seed-nfts';
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
    /**
     * What a trace must show, deployed by `accounts.tracer` at the end of the seed: TraceRouter calls TracePool, which
     * pays out of the TraceVault it created, which calls TraceToken (an OpenZeppelin ERC-20, supply with the tracer);
     * TraceSplitter sends ETH on; TraceFactory deploys TraceChild with CREATE2. See `transactions.deepRevert`,
     * `internalTransfer` and `create2`.
     */
    trace: { token: Address; pool: Address; vault: Address; router: Address; splitter: Address; factory: Address };
    /**
     * A Chainlink-style ETH / USD aggregator (SandboxPriceFeed.sol: AggregatorV3Interface, 8 decimals), its first round
     * answered by the seed; the last traffic account starts a new round every few live blocks. Absent from chains
     * seeded before the feed existed.
     */
    priceFeed?: Address;
    /**
     * An ERC-721 (SandboxCollectibles, "SBC") and an ERC-1155 (SandboxItems), their tokens minted to `holders`, moved
     * between them, and approvals granted to the Uniswap router (seed-nfts.ts). Absent from chains seeded before them.
     */
    nfts?: { erc721: Address; erc1155: Address; holders: Address[] };
  };
  /** Accounts of the sandbox mnemonic by role (`index` is the m/44'/60'/0'/0/index address index). */
  accounts: {
    deployer: { index: number; address: Address };
    /** Sender of the EIP-7702 transaction; its code delegates to `contracts.batchCall` from then on. */
    delegator: { index: number; address: Address };
    traders: { index: number; address: Address }[];
    /** Used only by live traffic, never by the seeder after funding. */
    traffic: { index: number; address: Address }[];
    /** Funded, then sends every transaction of the trace showcase (`contracts.trace`), and nothing else. */
    tracer: { index: number; address: Address };
  };
  /** One transaction per kind, all mined in the seeded history: its hash, or for the trace showcase's kinds an object holding it. */
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
    /**
     * A mined transaction (status 0) whose revert began three calls below it, in a custom error of the innermost
     * contract: the tracer calls TraceRouter.redeem, which calls TracePool.redeem, which calls TraceVault.pay, which
     * calls TraceToken.transfer; the token reverts with OpenZeppelin's `ERC20InsufficientBalance(vault, balance,
     * needed)` and the vault, the pool and the router each re-throw that data unchanged (plain Solidity calls), so
     * the transaction's own revert data is the token's. Before it the pool read the reserve (a successful static
     * call, a sibling of the failing one) and wrote `totalRedeemed` (rolled back).
     */
    deepRevert: {
      hash: Hex;
      /** Where the revert began: the innermost failing frame's callee (`contracts.trace.token`). */
      revertingContract: Address;
      /**
       * That frame's function as the app names a frame ("Reverted in TraceToken.transfer"): the bare function name
       * from the contract's ABI (`transfer`), neither the contract's name nor the argument types.
       */
      revertingFunction: string;
      /** The custom error's name in the contract's ABI (`ERC20InsufficientBalance`). */
      errorName: string;
      /** The custom error's signature (`ERC20InsufficientBalance(address,uint256,uint256)`). */
      errorSignature: string;
      /** The reverting frame's output (the custom error, ABI-encoded), which every frame above it returns too. */
      revertData: Hex;
      /**
       * The reverting frame's depth in the call tree: 0 is the transaction's own frame (the call to the router) and
       * each call a contract makes adds one, so `depth` is the number of calls between the transaction and the frame
       * where the revert began (router -> pool 1, pool -> vault 2, vault -> token 3). "Three calls deep" is read as
       * three such calls, as a trace summary counts "N deep", so the token's frame is at depth 3, the fourth frame.
       */
      depth: number;
    };
    /**
     * Internal ETH transfers: the tracer calls TraceSplitter.split with ETH, which sends each payee (mnemonic indices
     * 26 and 27, paid by nothing else) a share by a call with value. `value` is wei as a minimal `0x` quantity, as a
     * call tracer writes a frame's value.
     */
    internalTransfer: { hash: Hex; transfers: { from: Address; to: Address; value: Hex }[] };
    /**
     * A CREATE2 from a contract: TraceFactory.deploy(salt, tracer) deploys a TraceChild at `address`, which is
     * keccak256(0xff ++ factory ++ salt ++ initCodeHash)[12:]; `initCodeHash` is keccak256 of TraceChild's creation
     * code with its constructor argument (the tracer's address).
     */
    create2: { hash: Hex; factory: Address; salt: Hex; initCodeHash: Hex; address: Address };
    /**
     * A DELEGATECALL through a seeded proxy: a holder's ProxiedToken transfer sent to `contracts.proxiedToken.erc1967Proxy`,
     * whose fallback DELEGATECALLs the implementation (one of the proxy transfers seeded with the proxies, not a new one).
     */
    delegateCall: { hash: Hex; proxy: Address; implementation: Address };
    /**
     * A mined transaction (status 0) that failed for want of gas and succeeds with more: the tracer's TraceRouter.redeem
     * of 10 TRC (which the vault can pay) sent with a `gasLimit` too small for the calls below the router, so a frame
     * below the transaction's own runs out of gas. `gasNeeded` is the node's estimate of the same call at the parent
     * block (`eth_estimateGas`), above `gasLimit`: re-run with it, the redemption succeeds. The seed's last block.
     */
    outOfGas: { hash: Hex; gasLimit: number; gasNeeded: number };
    /** The NFT seed's transfers and approvals (see `contracts.nfts`); absent from chains seeded before them. */
    nfts?: SeededNfts['transactions'];
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
