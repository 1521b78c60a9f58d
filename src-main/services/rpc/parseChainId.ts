import type { NetworkFamily } from '../../../src-shared/networks/network';

/**
 * A chain id as the node reports it, in the form networks store it: a number for EVM (`eth_chainId` is hex),
 * a canonical lowercase `0x` felt for Starknet. Undefined when the answer is not a chain id.
 */
export function parseChainId(family: NetworkFamily, answer: unknown): number | string | undefined {
  if (typeof answer !== 'string' || !/^0x[0-9a-f]+$/i.test(answer)) return undefined;
  const value = BigInt(answer);
  if (family === 'starknet') return value === 0n ? undefined : `0x${value.toString(16)}`;
  return value > 0n && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined;
}
