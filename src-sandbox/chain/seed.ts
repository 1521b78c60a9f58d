import { parseEther, type HDAccount } from 'viem';
import { DELEGATOR_INDEX, DEPLOYER_INDEX, PAYEE_INDICES, sandboxAccount, TRACER_INDEX, TRADER_INDICES, TRAFFIC_INDICES } from './accounts';
import type { ActivityContext } from './activity-mix';
import { SANDBOX_CHAIN_ID } from './anvil';
import { followWallClock } from './chain-time';
import { compileSandboxContracts, verifyPairInitCodeHash } from './contracts';
import type { SeedManifest } from './manifest';
import { GAS } from './gas-limits';
import { createPrng } from './prng';
import { createSandboxClient } from './sandbox-chain';
import { seedActivity } from './seed-activity';
import { seedBigBlock } from './seed-big-block';
import { checkLogStorm, checkPairs, checkReverts, checkStorage } from './seed-checks';
import { deployContracts } from './seed-deploy';
import { SEED_BLOCK_INTERVAL_SECONDS, SeedDriver } from './seed-driver';
import { fundAccounts } from './seed-funding';
import { seedLogStorm } from './seed-log-storm';
import { seedNfts } from './seed-nfts';
import { seedPriceFeed } from './seed-price-feed';
import { seedProxies } from './seed-proxies';
import { seedTraceShowcase } from './seed-trace';
import { checkDelegateCall, checkTraceShowcase } from './seed-trace-checks';
import { seedTransactionTypes } from './seed-tx-types';
import { seedUniswap } from './seed-uniswap';

/** Options of `seedChain`. */
export interface SeedOptions {
  /** JSON-RPC URL of a fresh Anvil started by `startAnvil` (chain id 31337, fixed mnemonic and genesis). */
  rpcUrl: string;
  /** Receives short progress lines (never keys). */
  log?: (line: string) => void;
}

/** The seeded history needs at least this many blocks. */
export const MIN_SEEDED_BLOCKS = 200;
// Everyday blocks before and after the log storm and big block; chosen so the total passes 200.
const ACTIVITY_BLOCKS_EARLY = 70;
const ACTIVITY_BLOCKS_LATE = 60;
const PRNG_SEED = 0xb10c6a55;

/**
 * Seeds a fresh Anvil with a deterministic, realistic history (contracts, Uniswap, transfers,
 * every transaction type, a failed transaction, a log storm, a 600-transaction block, proxies, and last what a
 * trace must show: a revert three calls deep, internal ETH transfers, a CREATE2) and
 * returns the manifest of what it made, each claim checked against the node. Leaves Anvil
 * in automine mode with its clock on wall time.
 */
export async function seedChain(options: SeedOptions): Promise<SeedManifest> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  verifyPairInitCodeHash();
  const own = compileSandboxContracts();
  log(`seed: contracts compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const client = createSandboxClient(options.rpcUrl);
  const batchClient = createSandboxClient(options.rpcUrl, { batchSize: 100 });
  if ((await client.getChainId()) !== SANDBOX_CHAIN_ID) throw new Error(`seed: chain id is not ${SANDBOX_CHAIN_ID}`);
  if ((await client.getBlockNumber()) !== 0n) throw new Error('seed: the chain is not fresh (block number is not 0); seeding needs a new Anvil');

  const deployer = sandboxAccount(DEPLOYER_INDEX);
  const traders = TRADER_INDICES.map(sandboxAccount);
  const traffic = TRAFFIC_INDICES.map(sandboxAccount);
  const delegator = sandboxAccount(DELEGATOR_INDEX);
  const tracer = sandboxAccount(TRACER_INDEX);
  const driver = new SeedDriver(client, log);
  await driver.init();

  // Automine stays off for the whole seed, not only for the big block: the driver decides what
  // goes in each block and mines it with evm_mine at an explicit timestamp (genesis + 12 s x n),
  // so no timestamp interval is ever set. At the end automine comes back on and followWallClock
  // moves Anvil's clock to now (never backwards) for the live blocks.
  await client.setAutomine(false);
  try {
    const deployment = await deployContracts(driver, deployer, deployer.address);
    log(`seed: contracts deployed by block ${driver.head}`);
    // Anvil funds mnemonic indices 0-9 at genesis; the others get ETH the ordinary way.
    const { erc20TransferHash } = await fundAccounts(driver, deployment, deployer, [
      ...traders.map((account, i) => ({ account, eth: TRADER_INDICES[i]! > 9 ? parseEther('50') : undefined })),
      { account: delegator, eth: parseEther('50') },
      ...traffic.map((account) => ({ account, eth: parseEther('500') })),
    ]);
    const pairs = await seedUniswap(driver, deployment, deployer, traders.slice(9, 11));
    log(`seed: ${pairs.length} Uniswap pairs with liquidity by block ${driver.head}`);

    const rng = createPrng(PRNG_SEED);
    const ctx: ActivityContext = {
      weth: deployment.weth,
      tokens: [deployment.susd, deployment.gls],
      router: deployment.router,
      storageShowcase: deployment.storageShowcase,
      reverter: deployment.reverter,
      creation: { data: own.GasProbe.bytecode, gas: GAS.smallDeploy },
      recipients: traders.map((t) => t.address),
    };
    const early = await seedActivity(driver, ctx, traders, rng, ACTIVITY_BLOCKS_EARLY);
    const types = await seedTransactionTypes(driver, deployment, { delegator, others: traders.slice(1, 6) });
    log(`seed: every transaction type mined by block ${driver.head}`);
    const logStorm = await seedLogStorm(driver, deployment.logStorm, traders);
    log(`seed: ${logStorm.totalLogs} LogStorm events in blocks ${logStorm.fromBlock}-${logStorm.toBlock}`);
    const bigBlock = await seedBigBlock(driver, batchClient, deployment.susd, traders.slice(0, 12));
    log(`seed: block ${bigBlock.number} holds ${bigBlock.transactionCount} transactions`);
    const late = await seedActivity(driver, ctx, traders, rng, ACTIVITY_BLOCKS_LATE);
    const { proxies: proxiedToken, transferThroughProxy } = await seedProxies(driver, deployer, traders.slice(0, 4));
    log(`seed: a token behind an ERC1967Proxy and a TransparentUpgradeableProxy by block ${driver.head}`);
    // In a block of its own after the proxies (the blocks before it stay as they were); the last traffic account
    // moves its price from then on.
    const priceFeed = await seedPriceFeed(driver, deployer, traffic[traffic.length - 1]!.address);
    log(`seed: an ETH / USD price feed at ${priceFeed} by block ${driver.head}`);
    // After the feed, in blocks of their own (the blocks before stay as they were), from traders few tests follow.
    const nfts = await seedNfts(driver, deployer, traders.slice(5, 8), deployment.router);
    log(`seed: an ERC-721 at ${nfts.erc721} and an ERC-1155 at ${nfts.erc1155} by block ${driver.head}`);
    // Appended after everything else, so the blocks seeded before it (and every number and hash pinned on them)
    // stay as they were; its transactions come from an account of its own.
    const traceShowcase = await seedTraceShowcase(driver, deployer, tracer, PAYEE_INDICES.map((index) => sandboxAccount(index).address));
    log(`seed: a revert three calls deep, internal ETH transfers and a CREATE2 by block ${driver.head}`);
    const swap = early.firstSwapHash ?? late.firstSwapHash;
    if (!swap) throw new Error('seed: no swap was mined');
    if (driver.head < MIN_SEEDED_BLOCKS) throw new Error(`seed: only ${driver.head} blocks seeded`);

    const reverts = await checkReverts(client, deployment.reverter);
    // The mapping key is the deployer's address: nothing after the constructor writes that entry.
    const storage = await checkStorage(client, deployment.storageShowcase, deployer.address, deployer.address);
    await checkLogStorm(client, deployment.logStorm, logStorm);
    await checkPairs(client, deployment.factory, pairs);
    const traced = await checkTraceShowcase(client, traceShowcase, tracer.address);
    const delegateCall = await checkDelegateCall(client, {
      hash: transferThroughProxy,
      proxy: proxiedToken.erc1967Proxy,
      implementation: proxiedToken.implementation,
    });
    const last = await client.getBlock({ blockNumber: BigInt(driver.head) });

    await client.setAutomine(true);
    await followWallClock(client, log);
    const manifest: SeedManifest = {
      version: 1,
      chainId: SANDBOX_CHAIN_ID,
      seededToBlock: driver.head,
      seededToBlockHash: last.hash,
      seedBlockIntervalSeconds: SEED_BLOCK_INTERVAL_SECONDS,
      seedSeconds: Math.round((performance.now() - started) / 100) / 10,
      contracts: {
        weth: deployment.weth,
        tokens: [deployment.susd, deployment.gls].map(({ symbol, address, decimals }) => ({ symbol, address, decimals })),
        uniswapFactory: deployment.factory,
        uniswapRouter: deployment.router,
        pairs,
        reverter: deployment.reverter,
        storageShowcase: deployment.storageShowcase,
        logStorm: deployment.logStorm,
        gasBurner: deployment.gasBurner,
        gasProbe: deployment.gasProbe,
        batchCall: deployment.batchCall,
        proxiedToken,
        trace: traceShowcase.contracts,
        priceFeed,
        nfts: { erc721: nfts.erc721, erc1155: nfts.erc1155, holders: traders.slice(5, 8).map((holder) => holder.address) },
      },
      accounts: {
        deployer: accountEntry(DEPLOYER_INDEX, deployer),
        delegator: accountEntry(DELEGATOR_INDEX, delegator),
        traders: TRADER_INDICES.map((index, i) => accountEntry(index, traders[i]!)),
        traffic: TRAFFIC_INDICES.map((index, i) => accountEntry(index, traffic[i]!)),
        tracer: accountEntry(TRACER_INDEX, tracer),
      },
      transactions: {
        ...types,
        contractCreation: deployment.contractCreationHash,
        erc20Transfer: erc20TransferHash,
        swap,
        ...traced,
        delegateCall,
        nfts: nfts.transactions,
      },
      bigBlock,
      logStorm,
      reverts,
      storage,
    };
    log(`seed: done, ${driver.head} blocks in ${manifest.seedSeconds} s`);
    return manifest;
  } catch (error) {
    // Leave the node usable for inspection rather than stuck with mining off.
    await client.setAutomine(true).catch(() => {});
    throw error;
  }
}

function accountEntry(index: number, account: HDAccount): { index: number; address: `0x${string}` } {
  return { index, address: account.address };
}
