import { encodeFunctionData, encodePacked, getContractAddress, keccak256, type Address, type Hex } from 'viem';
import { uniswapRouterAbi } from './abis';
import { pairInitCodeHash } from './contracts';
import { GAS } from './gas-limits';

/** Router deadline far in the future (2100-01-01): seeded and live swaps never expire. */
export const SWAP_DEADLINE = 4_102_444_800n;

/** The `to`/`data`/`value`/`gas` of one router call. */
export interface RouterCall {
  to: Address;
  data: Hex;
  value?: bigint;
  gas: bigint;
}

/** Sorts two token addresses the way the factory does (token0 is the lower address). */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

/** The CREATE2 address the factory gives the pair of `a` and `b`. */
export function pairAddress(factory: Address, a: Address, b: Address): Address {
  const [token0, token1] = sortTokens(a, b);
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: pairInitCodeHash(),
  });
}

/** Swaps exactly `value` wei of ETH for as many `path`-end tokens as the pool gives. */
export function swapExactEthForTokens(router: Address, path: readonly Address[], value: bigint, recipient: Address): RouterCall {
  const data = encodeFunctionData({ abi: uniswapRouterAbi, functionName: 'swapExactETHForTokens', args: [0n, path, recipient, SWAP_DEADLINE] });
  return { to: router, data, value, gas: GAS.swap };
}

/** Swaps exactly `amountIn` of `path[0]` along `path`. */
export function swapExactTokensForTokens(router: Address, path: readonly Address[], amountIn: bigint, recipient: Address): RouterCall {
  const data = encodeFunctionData({ abi: uniswapRouterAbi, functionName: 'swapExactTokensForTokens', args: [amountIn, 0n, path, recipient, SWAP_DEADLINE] });
  return { to: router, data, gas: GAS.swap };
}

/** Swaps exactly `amountIn` of `path[0]` for ETH (`path` ends in WETH). */
export function swapExactTokensForEth(router: Address, path: readonly Address[], amountIn: bigint, recipient: Address): RouterCall {
  const data = encodeFunctionData({ abi: uniswapRouterAbi, functionName: 'swapExactTokensForETH', args: [amountIn, 0n, path, recipient, SWAP_DEADLINE] });
  return { to: router, data, gas: GAS.swap };
}
