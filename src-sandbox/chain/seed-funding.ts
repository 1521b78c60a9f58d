import { encodeFunctionData, maxUint256, parseEther, parseUnits, type Hex, type HDAccount } from 'viem';
import { sandboxTokenAbi, wethAbi } from './abis';
import { GAS } from './gas-limits';
import type { Deployment } from './seed-deploy';
import type { SeedDriver } from './seed-driver';

/** Each account the seeder funds gets this much of each token. */
export const FUNDED_TOKENS = { susd: '100000', gls: '500000' } as const;

/** An account to fund, and the ETH it needs from the deployer (Anvil funds indices 0-9 itself). */
export interface Holder {
  account: HDAccount;
  eth?: bigint;
}

/**
 * Gives every holder ETH (if it needs some), SUSD and GLS, approves the router for all three
 * tokens and wraps some ETH: the transfers, approvals and WETH deposits of a young chain.
 * Returns the hash of one ERC-20 transfer for the manifest.
 */
export async function fundAccounts(
  driver: SeedDriver,
  deployment: Deployment,
  deployer: HDAccount,
  holderList: readonly Holder[],
): Promise<{ erc20TransferHash: Hex }> {
  const holders = holderList.map((h) => h.account);
  let erc20TransferHash: Hex | undefined;

  await driver.spread(
    holderList.flatMap(({ account, eth }) =>
      eth ? [() => driver.send(deployer, { to: account.address, value: eth, gas: GAS.ethTransfer }, 'fund account')] : [],
    ),
    4,
  );

  const tokenTransfers = holders.flatMap((to) => [
    async () => {
      const data = encodeFunctionData({
        abi: sandboxTokenAbi,
        functionName: 'transfer',
        args: [to.address, parseUnits(FUNDED_TOKENS.susd, deployment.susd.decimals)],
      });
      const hash = await driver.send(deployer, { to: deployment.susd.address, data, gas: GAS.erc20Transfer }, 'fund SUSD');
      erc20TransferHash ??= hash;
    },
    () => {
      const data = encodeFunctionData({
        abi: sandboxTokenAbi,
        functionName: 'transfer',
        args: [to.address, parseUnits(FUNDED_TOKENS.gls, deployment.gls.decimals)],
      });
      return driver.send(deployer, { to: deployment.gls.address, data, gas: GAS.erc20Transfer }, 'fund GLS');
    },
  ]);
  await driver.spread(tokenTransfers, 5);

  const approve = encodeFunctionData({ abi: sandboxTokenAbi, functionName: 'approve', args: [deployment.router, maxUint256] });
  const approvals = holders.flatMap((holder) =>
    [deployment.susd.address, deployment.gls.address, deployment.weth].map(
      (token) => () => driver.send(holder, { to: token, data: approve, gas: GAS.approve }, 'approve router'),
    ),
  );
  await driver.spread(approvals, 6);

  const deposit = encodeFunctionData({ abi: wethAbi, functionName: 'deposit' });
  await driver.spread(
    holders.map(
      (holder, i) => () =>
        driver.send(holder, { to: deployment.weth, data: deposit, value: parseEther(String(5 + (i % 4) * 5)), gas: GAS.wethDeposit }, 'wrap ETH'),
    ),
    3,
  );

  if (!erc20TransferHash) throw new Error('seed: no ERC-20 transfer was sent');
  return { erc20TransferHash };
}
