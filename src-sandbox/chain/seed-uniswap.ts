import { encodeFunctionData, maxUint256, parseEther, parseUnits, type Address, type HDAccount } from 'viem';
import { sandboxTokenAbi, uniswapFactoryAbi, uniswapRouterAbi } from './abis';
import { GAS } from './gas-limits';
import type { Deployment } from './seed-deploy';
import type { SeedDriver } from './seed-driver';
import { pairAddress, sortTokens, SWAP_DEADLINE } from './uniswap-calls';

/** A Uniswap V2 pair as listed in the manifest. */
export interface SeedPair {
  token0: Address;
  token1: Address;
  address: Address;
}

/**
 * Creates the SUSD/WETH, GLS/WETH and SUSD/GLS pairs through the factory and gives them
 * liquidity through the router at 1 ETH = 3,000 SUSD and 1 GLS = 0.5 SUSD, then lets two
 * traders add smaller amounts. Adding liquidity through the router also proves its
 * hard-coded pair init-code hash matches the factory's pairs (see contracts.ts).
 */
export async function seedUniswap(
  driver: SeedDriver,
  deployment: Deployment,
  deployer: HDAccount,
  providers: readonly HDAccount[],
): Promise<SeedPair[]> {
  const { susd, gls, weth, factory, router } = deployment;
  const pairs: SeedPair[] = [];
  for (const [a, b] of [
    [susd.address, weth],
    [gls.address, weth],
    [susd.address, gls.address],
  ] as const) {
    const data = encodeFunctionData({ abi: uniswapFactoryAbi, functionName: 'createPair', args: [a, b] });
    await driver.send(deployer, { to: factory, data, gas: GAS.createPair }, 'createPair');
    const [token0, token1] = sortTokens(a, b);
    pairs.push({ token0, token1, address: pairAddress(factory, a, b) });
  }
  await driver.mine();

  const approve = encodeFunctionData({ abi: sandboxTokenAbi, functionName: 'approve', args: [router, maxUint256] });
  await driver.send(deployer, { to: susd.address, data: approve, gas: GAS.approve }, 'approve router');
  await driver.send(deployer, { to: gls.address, data: approve, gas: GAS.approve }, 'approve router');
  await driver.mine();

  const addEth = (account: HDAccount, token: Address, tokenAmount: bigint, ethAmount: bigint) =>
    driver.send(
      account,
      {
        to: router,
        data: encodeFunctionData({
          abi: uniswapRouterAbi,
          functionName: 'addLiquidityETH',
          args: [token, tokenAmount, 0n, 0n, account.address, SWAP_DEADLINE],
        }),
        value: ethAmount,
        gas: GAS.addLiquidity,
      },
      'addLiquidityETH',
    );
  const addTokens = (account: HDAccount, susdAmount: bigint, glsAmount: bigint) =>
    driver.send(
      account,
      {
        to: router,
        data: encodeFunctionData({
          abi: uniswapRouterAbi,
          functionName: 'addLiquidity',
          args: [susd.address, gls.address, susdAmount, glsAmount, 0n, 0n, account.address, SWAP_DEADLINE],
        }),
        gas: GAS.addLiquidity,
      },
      'addLiquidity',
    );
  const usd = (amount: string) => parseUnits(amount, susd.decimals);
  const glass = (amount: string) => parseUnits(amount, gls.decimals);

  await addEth(deployer, susd.address, usd('3000000'), parseEther('1000'));
  await driver.mine();
  await addEth(deployer, gls.address, glass('3000000'), parseEther('500'));
  await driver.mine();
  await addTokens(deployer, usd('1000000'), glass('2000000'));
  await driver.mine();
  // Later providers get whatever share the current price gives; the router takes only what matches.
  for (const provider of providers) {
    await addEth(provider, susd.address, usd('30000'), parseEther('10'));
    await addTokens(provider, usd('10000'), glass('20000'));
    await driver.mine();
  }
  return pairs;
}
