import { Common, Hoodi, Holesky, Mainnet, Sepolia, createCustomCommon, type ChainConfig } from '@ethereumjs/common';
import { NO_KZG } from './noKzg';
import type { RpcRequest } from './rpcRequest';

/** The chains whose fork schedule the EVM library ships, by chain id. */
const KNOWN_CHAINS = new Map<bigint, ChainConfig>([
  [1n, Mainnet],
  [11_155_111n, Sepolia],
  [17_000n, Holesky],
  [560_048n, Hoodi],
]);

/** One fork's settings as `eth_config` (EIP-7910) states them. */
interface ForkConfig {
  activationTime: number;
  chainId: string;
  blobSchedule?: { target: number; max: number; baseFeeUpdateFraction: number } | null;
  precompiles?: Record<string, string>;
  systemContracts?: Record<string, string>;
}

/** Blob schedules of the forks after Prague that change nothing else (Osaka keeps Prague's). */
const OSAKA_FAMILY: { hardfork: string; target: number; max: number; fraction: number }[] = [
  { hardfork: 'osaka', target: 6, max: 9, fraction: 5_007_716 },
  { hardfork: 'bpo1', target: 10, max: 15, fraction: 8_346_193 },
  { hardfork: 'bpo2', target: 14, max: 21, fraction: 11_684_671 },
];

/** The replay cannot tell which rules the chain ran a block under: it says so rather than guess. */
export class UnknownHardforkError extends Error {
  override name = 'UnknownHardforkError';
}

/**
 * The EVM library's settings for a block of the node's chain: the library's own fork schedule for the public
 * chains it ships, else the fork the node states in `eth_config` (EIP-7910) when that fork was already active at
 * the block. Anything else is an {@link UnknownHardforkError}, never a guess (a local chain may run any fork).
 */
export async function chainCommon(
  request: RpcRequest,
  block: { number: bigint; timestamp: bigint },
  signal?: AbortSignal,
): Promise<Common> {
  const chainId = BigInt((await request('eth_chainId', [], signal)) as string);
  const known = KNOWN_CHAINS.get(chainId);
  if (known) {
    const common = new Common({ chain: known, customCrypto: { kzg: NO_KZG } });
    common.setHardforkBy({ blockNumber: block.number, timestamp: block.timestamp });
    return common;
  }
  let config: { current?: ForkConfig | null; next?: ForkConfig | null; last?: ForkConfig | null };
  try {
    config = (await request('eth_config', [], signal)) as typeof config;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new UnknownHardforkError(
      `Cannot tell which hardfork chain ${chainId} ran block ${block.number} under: the EVM library does not know the chain and the node does not answer eth_config (EIP-7910).`,
      { cause: error },
    );
  }
  const active = [config.current, config.next, config.last]
    .filter((fork): fork is ForkConfig => !!fork && BigInt(fork.activationTime) <= block.timestamp)
    .sort((a, b) => b.activationTime - a.activationTime)[0];
  if (!active) {
    throw new UnknownHardforkError(
      `Cannot tell which hardfork chain ${chainId} ran block ${block.number} under: eth_config states only forks activated after it.`,
    );
  }
  if (BigInt(active.chainId) !== chainId) {
    throw new UnknownHardforkError(`The node's eth_config is for chain ${BigInt(active.chainId)}, not the chain ${chainId} it serves.`);
  }
  return createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork: hardforkOf(active, chainId), customCrypto: { kzg: NO_KZG } });
}

/** The fork whose precompiles, system contracts and blob schedule an `eth_config` entry states. */
export function hardforkOf(fork: ForkConfig, chainId: bigint): string {
  const precompiles = Object.keys(fork.precompiles ?? {});
  if (precompiles.includes('P256VERIFY')) {
    const blobs = fork.blobSchedule;
    const match = OSAKA_FAMILY.find(
      (each) => blobs && each.target === blobs.target && each.max === blobs.max && each.fraction === blobs.baseFeeUpdateFraction,
    );
    if (!match) {
      throw new UnknownHardforkError(`Chain ${chainId} runs Osaka or later with a blob schedule (${JSON.stringify(blobs)}) of no fork the EVM library knows.`);
    }
    return match.hardfork;
  }
  if (precompiles.some((name) => name.startsWith('BLS12_'))) return 'prague';
  if (precompiles.includes('KZG_POINT_EVALUATION')) return 'cancun';
  throw new UnknownHardforkError(`Chain ${chainId}'s eth_config states a fork before Cancun, which eth_config cannot describe.`);
}
