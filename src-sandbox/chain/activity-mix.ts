import { encodeFunctionData, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { reverterAbi, sandboxTokenAbi, storageShowcaseAbi, wethAbi } from './abis';
import { GAS } from './gas-limits';
import type { Prng } from './prng';
import { swapExactEthForTokens, swapExactTokensForEth, swapExactTokensForTokens } from './uniswap-calls';

/** Addresses an activity mix needs; built from the seeder's deployment or from a saved manifest. */
export interface ActivityContext {
  weth: Address;
  /** At least two tokens, each paired with WETH and with each other. */
  tokens: readonly { address: Address; decimals: number }[];
  router: Address;
  storageShowcase: Address;
  reverter: Address;
  /** What a "contract creation" transaction sends: creation code with constructor arguments. */
  creation: { data: Hex; gas: bigint };
  /** Who receives transfers. */
  recipients: readonly Address[];
}

/** Kinds of everyday transaction the mix produces. */
export type ActivityKind =
  | 'swap ETH for tokens'
  | 'swap tokens for tokens'
  | 'swap tokens for ETH'
  | 'ERC-20 transfer'
  | 'ETH transfer'
  | 'WETH deposit'
  | 'WETH withdrawal'
  | 'approve'
  | 'storage write'
  | 'contract creation'
  | 'failing call';

/** One transaction of the mix, before nonce, fees and signature. */
export interface ActivityTx {
  kind: ActivityKind;
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas: bigint;
  /** Whether the receipt is meant to have status 1. */
  succeeds: boolean;
}

// Weights of each kind: swaps and transfers dominate, as on a real chain.
const WEIGHTS: readonly [Exclude<ActivityKind, 'failing call'>, number][] = [
  ['swap ETH for tokens', 20],
  ['swap tokens for tokens', 14],
  ['swap tokens for ETH', 10],
  ['ERC-20 transfer', 22],
  ['ETH transfer', 12],
  ['WETH deposit', 5],
  ['WETH withdrawal', 4],
  ['approve', 5],
  ['storage write', 4],
  ['contract creation', 4],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

/**
 * Picks one everyday transaction for `sender`. Amounts are small next to what the seeder gives
 * each account (100,000 SUSD, 500,000 GLS, 5-20 WETH), so hours of traffic keep succeeding.
 * `failureRate` is the chance of a call that is mined and reverts (receipt status 0).
 */
export function pickActivity(ctx: ActivityContext, rng: Prng, sender: Address, failureRate = 0): ActivityTx {
  if (rng.next() < failureRate) {
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'bump', args: [0n] });
    return { kind: 'failing call', to: ctx.reverter, data, gas: GAS.storageWrite, succeeds: false };
  }
  let roll = rng.int(TOTAL_WEIGHT);
  let kind = WEIGHTS[0]![0];
  for (const [candidate, weight] of WEIGHTS) {
    if (roll < weight) {
      kind = candidate;
      break;
    }
    roll -= weight;
  }
  const token = rng.pick(ctx.tokens);
  const amount = (max: number) => parseUnits(String(1 + rng.int(max)), token.decimals);
  const recipient = rng.pick(ctx.recipients.filter((r) => r !== sender));
  const ok = (tx: Omit<ActivityTx, 'kind' | 'succeeds'>): ActivityTx => ({ kind, succeeds: true, ...tx });

  switch (kind) {
    case 'swap ETH for tokens':
      return ok(swapExactEthForTokens(ctx.router, [ctx.weth, token.address], parseEther(`0.${1 + rng.int(99)}`), sender));
    case 'swap tokens for tokens': {
      const other = rng.pick(ctx.tokens.filter((t) => t.address !== token.address));
      return ok(swapExactTokensForTokens(ctx.router, [token.address, other.address], amount(2000), sender));
    }
    case 'swap tokens for ETH':
      return ok(swapExactTokensForEth(ctx.router, [token.address, ctx.weth], amount(3000), sender));
    case 'ERC-20 transfer': {
      const data = encodeFunctionData({ abi: sandboxTokenAbi, functionName: 'transfer', args: [recipient, amount(1000)] });
      return ok({ to: token.address, data, gas: GAS.erc20Transfer });
    }
    case 'ETH transfer':
      return ok({ to: recipient, value: parseEther(`0.${1 + rng.int(999)}`), gas: GAS.ethTransfer });
    case 'WETH deposit':
      return ok({ to: ctx.weth, data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }), value: parseEther(`0.${1 + rng.int(9)}`), gas: GAS.wethDeposit });
    case 'WETH withdrawal': {
      const data = encodeFunctionData({ abi: wethAbi, functionName: 'withdraw', args: [parseEther(`0.0${1 + rng.int(9)}`)] });
      return ok({ to: ctx.weth, data, gas: GAS.wethWithdraw });
    }
    case 'approve': {
      const data = encodeFunctionData({ abi: sandboxTokenAbi, functionName: 'approve', args: [recipient, amount(10_000)] });
      return ok({ to: token.address, data, gas: GAS.approve });
    }
    case 'storage write': {
      const data = encodeFunctionData({ abi: storageShowcaseAbi, functionName: 'setBalance', args: [recipient, BigInt(rng.int(1_000_000))] });
      return ok({ to: ctx.storageShowcase, data, gas: GAS.storageWrite });
    }
    case 'contract creation':
      return ok({ data: ctx.creation.data, gas: ctx.creation.gas });
  }
}
