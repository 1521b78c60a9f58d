import type { Abi, AbiItem } from 'viem';
import { formatAbiItem } from 'viem/utils';
import { describe, expect, it } from 'vitest';
import * as abis from './abis';
import { compileSandboxContracts, loadUniswapArtifacts } from './contracts';

// Every hand-written ABI item must exist, with the same signature, in what was really compiled:
// a typo here would otherwise surface as a revert on chain.
const signature = (item: AbiItem) =>
  item.type === 'function' || item.type === 'event' || item.type === 'error'
    ? formatAbiItem(item)
    : `${item.type}(${'inputs' in item ? item.inputs.map((i) => i.type).join(',') : ''})`;

describe('typed ABIs', () => {
  const compiled = compileSandboxContracts();
  const uniswap = loadUniswapArtifacts();
  const cases: [string, Abi, Abi][] = [
    ['sandboxTokenAbi', abis.sandboxTokenAbi, compiled.SandboxToken.abi],
    ['wethAbi', abis.wethAbi, uniswap.weth9.abi],
    ['uniswapFactoryAbi', abis.uniswapFactoryAbi, uniswap.factory.abi],
    ['uniswapPairAbi', abis.uniswapPairAbi, uniswap.pair.abi],
    ['uniswapRouterAbi', abis.uniswapRouterAbi, uniswap.router.abi],
    ['reverterAbi', abis.reverterAbi, compiled.Reverter.abi],
    ['storageShowcaseAbi', abis.storageShowcaseAbi, compiled.StorageShowcase.abi],
    ['logStormAbi', abis.logStormAbi, compiled.LogStorm.abi],
    ['gasBurnerAbi', abis.gasBurnerAbi, compiled.GasBurner.abi],
    ['priceFeedAbi', abis.priceFeedAbi, compiled.SandboxPriceFeed.abi],
    ['collectiblesAbi', abis.collectiblesAbi, compiled.SandboxCollectibles.abi],
    ['itemsAbi', abis.itemsAbi, compiled.SandboxItems.abi],
    ['gasProbeAbi', abis.gasProbeAbi, compiled.GasProbe.abi],
    ['batchCallAbi', abis.batchCallAbi, compiled.BatchCall.abi],
    ['proxiedTokenAbi', abis.proxiedTokenAbi, compiled.ProxiedToken.abi],
    ['erc1967ProxyAbi', abis.erc1967ProxyAbi, compiled.ERC1967Proxy.abi],
    ['transparentProxyAbi', abis.transparentProxyAbi, compiled.TransparentUpgradeableProxy.abi],
    ['traceTokenAbi', abis.traceTokenAbi, compiled.TraceToken.abi],
    ['tracePoolAbi', abis.tracePoolAbi, compiled.TracePool.abi],
    ['traceRouterAbi', abis.traceRouterAbi, compiled.TraceRouter.abi],
    ['traceSplitterAbi', abis.traceSplitterAbi, compiled.TraceSplitter.abi],
    ['traceFactoryAbi', abis.traceFactoryAbi, compiled.TraceFactory.abi],
    ['traceChildAbi', abis.traceChildAbi, compiled.TraceChild.abi],
  ];

  it.each(cases)('%s matches the compiled ABI', (_name, typed, real) => {
    const known = new Set(real.map(signature));
    for (const item of typed) expect(known).toContain(signature(item));
  });
});
