import { parseUnits, type Address, type Hex, type HDAccount } from 'viem';
import { sandboxTokenAbi, storageShowcaseAbi, uniswapFactoryAbi, uniswapRouterAbi } from './abis';
import { compileSandboxContracts, loadUniswapArtifacts } from './contracts';
import type { SeedManifest } from './manifest';
import type { SeedDriver } from './seed-driver';

/** A sandbox ERC-20 as deployed. */
export interface SeedToken {
  symbol: string;
  name: string;
  decimals: number;
  address: Address;
}

/** Addresses of everything `deployContracts` deployed (the sandbox's own contracts as the manifest names them). */
export type Deployment = Pick<SeedManifest['contracts'], 'weth' | 'reverter' | 'storageShowcase' | 'logStorm' | 'gasBurner' | 'gasProbe' | 'batchCall'> & {
  susd: SeedToken;
  gls: SeedToken;
  factory: Address;
  router: Address;
  /** The StorageShowcase deployment: a contract creation whose constructor writes storage. */
  contractCreationHash: Hex;
};

/** What StorageShowcase's constructor stores (see StorageShowcase.sol for the slots). */
export const STORAGE_SHOWCASE_INIT = {
  number: 1_337_000_000n,
  flag: true,
  balance: 4_200_000n,
} as const;

/** Deploys WETH9, the two tokens, the Uniswap V2 factory and router, and the sandbox's own contracts. */
export async function deployContracts(driver: SeedDriver, deployer: HDAccount, mappingKey: Address): Promise<Deployment> {
  const own = compileSandboxContracts();
  const uniswap = loadUniswapArtifacts();

  /** A SandboxToken with a supply of a billion whole tokens, all the deployer's. */
  const deployToken = async (name: string, symbol: string, decimals: number): Promise<SeedToken> => {
    const token = { abi: sandboxTokenAbi, bytecode: own.SandboxToken.bytecode };
    const { address } = await driver.deploy(deployer, token, [name, symbol, decimals, parseUnits('1000000000', decimals)], 2_000_000n, `deploy ${symbol}`);
    return { symbol, name, decimals, address };
  };

  const weth = await driver.deploy(deployer, uniswap.weth9, [], 1_500_000n, 'deploy WETH9');
  const susd = await deployToken('Sandbox USD', 'SUSD', 6);
  const gls = await deployToken('Glass', 'GLS', 18);
  await driver.mine();

  const factory = await driver.deploy(deployer, { abi: uniswapFactoryAbi, bytecode: uniswap.factory.bytecode }, [deployer.address], 5_000_000n, 'deploy UniswapV2Factory');
  await driver.mine();
  const router = await driver.deploy(deployer, { abi: uniswapRouterAbi, bytecode: uniswap.router.bytecode }, [factory.address, weth.address], 6_000_000n, 'deploy UniswapV2Router02');
  await driver.mine();

  const reverter = await driver.deploy(deployer, own.Reverter, [], 1_000_000n, 'deploy Reverter');
  const storageShowcase = await driver.deploy(
    deployer,
    { abi: storageShowcaseAbi, bytecode: own.StorageShowcase.bytecode },
    [STORAGE_SHOWCASE_INIT.number, STORAGE_SHOWCASE_INIT.flag, mappingKey, STORAGE_SHOWCASE_INIT.balance],
    1_000_000n,
    'deploy StorageShowcase',
  );
  await driver.mine();
  const logStorm = await driver.deploy(deployer, own.LogStorm, [], 1_000_000n, 'deploy LogStorm');
  const gasBurner = await driver.deploy(deployer, own.GasBurner, [], 1_000_000n, 'deploy GasBurner');
  const gasProbe = await driver.deploy(deployer, own.GasProbe, [], 1_000_000n, 'deploy GasProbe');
  const batchCall = await driver.deploy(deployer, own.BatchCall, [], 1_500_000n, 'deploy BatchCall');
  await driver.mine();

  return {
    weth: weth.address,
    susd,
    gls,
    factory: factory.address,
    router: router.address,
    reverter: reverter.address,
    storageShowcase: storageShowcase.address,
    logStorm: logStorm.address,
    gasBurner: gasBurner.address,
    gasProbe: gasProbe.address,
    batchCall: batchCall.address,
    contractCreationHash: storageShowcase.hash,
  };
}
