import { encodeFunctionData, getAddress, getContractAddress, parseUnits, type Address, type Hex, type HDAccount } from 'viem';
import { erc1967ProxyAbi, proxiedTokenAbi, transparentProxyAbi } from './abis';
import { compileSandboxContracts } from './contracts';
import type { SeedDriver } from './seed-driver';

/** The token behind proxies, as seeded (listed in the manifest as `contracts.proxiedToken`). */
export interface SeededProxies {
  /** ProxiedToken: the implementation both proxies delegate to (never initialized itself). */
  implementation: Address;
  /** OpenZeppelin's ERC1967Proxy in front of it (token `PXG`). */
  erc1967Proxy: Address;
  /** OpenZeppelin's TransparentUpgradeableProxy in front of it (token `TXG`). */
  transparentProxy: Address;
  /** The ProxyAdmin the transparent proxy deployed (owned by the deployer). */
  transparentProxyAdmin: Address;
}

// EIP-1967's admin slot: bytes32(uint256(keccak256('eip1967.proxy.admin')) - 1).
const ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const SUPPLY = parseUnits('1000000', 18);

/**
 * One ERC-20 implementation behind OpenZeppelin's ERC1967Proxy and TransparentUpgradeableProxy, each initialized
 * through the proxy (the token's state is the proxy's), then transfers through each: from the deployer to three
 * holders, and from one holder on. Three blocks. Returns the addresses, and the holder's transfer through the
 * ERC1967Proxy: a call to the proxy that DELEGATECALLs the implementation.
 */
export async function seedProxies(
  driver: SeedDriver,
  deployer: HDAccount,
  holders: readonly HDAccount[],
): Promise<{ proxies: SeededProxies; transferThroughProxy: Hex }> {
  const own = compileSandboxContracts();
  const init = (name: string, symbol: string) =>
    encodeFunctionData({ abi: proxiedTokenAbi, functionName: 'initialize', args: [name, symbol, deployer.address, SUPPLY] });
  const implementation = await driver.deploy(deployer, own.ProxiedToken, [], 1_500_000n, 'deploy ProxiedToken');
  const erc1967Proxy = await driver.deploy(
    deployer,
    { abi: erc1967ProxyAbi, bytecode: own.ERC1967Proxy.bytecode },
    [implementation.address, init('Proxied Glass', 'PXG')],
    1_000_000n,
    'deploy ERC1967Proxy',
  );
  const transparentProxy = await driver.deploy(
    deployer,
    { abi: transparentProxyAbi, bytecode: own.TransparentUpgradeableProxy.bytecode },
    [implementation.address, deployer.address, init('Transparent Glass', 'TXG')],
    2_000_000n,
    'deploy TransparentUpgradeableProxy',
  );
  await driver.mine();

  const proxies = [erc1967Proxy.address, transparentProxy.address];
  const transfer = (from: HDAccount, proxy: Address, to: Address, amount: string, label: string) =>
    driver.send(from, { to: proxy, data: encodeFunctionData({ abi: proxiedTokenAbi, functionName: 'transfer', args: [to, parseUnits(amount, 18)] }), gas: 100_000n }, label);
  for (const proxy of proxies) {
    for (const [i, holder] of holders.slice(0, 3).entries()) await transfer(deployer, proxy, holder.address, `${1000 * (i + 1)}`, `transfer through proxy ${proxy}`);
  }
  await driver.mine();
  const holderTransfers: Hex[] = [];
  for (const proxy of proxies) holderTransfers.push(await transfer(holders[0]!, proxy, holders[3]!.address, '250', `holder's transfer through proxy ${proxy}`));
  await driver.mine();

  // The transparent proxy's admin is the ProxyAdmin it created (its first creation: nonce 1); checked in its slot.
  const transparentProxyAdmin = getContractAddress({ from: transparentProxy.address, nonce: 1n });
  const adminWord = await driver.client.getStorageAt({ address: transparentProxy.address, slot: ADMIN_SLOT });
  if (!adminWord || getAddress(`0x${adminWord.slice(-40)}`) !== transparentProxyAdmin) {
    throw new Error(`seed: the transparent proxy's admin slot holds ${adminWord}, expected ${transparentProxyAdmin}`);
  }
  for (const proxy of proxies) {
    const balance = await driver.client.readContract({ address: proxy, abi: proxiedTokenAbi, functionName: 'balanceOf', args: [holders[3]!.address] });
    if (balance !== parseUnits('250', 18)) throw new Error(`seed: the holder's balance through proxy ${proxy} is ${balance}, expected 250 tokens`);
  }
  return {
    proxies: { implementation: implementation.address, erc1967Proxy: erc1967Proxy.address, transparentProxy: transparentProxy.address, transparentProxyAdmin },
    transferThroughProxy: holderTransfers[0]!,
  };
}
