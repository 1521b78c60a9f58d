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

/** A block header's fields that tell forks apart, as `eth_getBlockByNumber` states them (absent before their fork). */
export interface ForkFields {
  difficulty?: string | null;
  baseFeePerGas?: string | null;
  withdrawalsRoot?: string | null;
  blobGasUsed?: string | null;
  excessBlobGas?: string | null;
  parentBeaconBlockRoot?: string | null;
  requestsHash?: string | null;
}

/** The replay cannot tell which rules the chain ran a block under: it says so rather than guess. */
export class UnknownHardforkError extends Error {
  override name = 'UnknownHardforkError';
}

/** The settings whose fork was read off a block header, not stated by the chain's schedule or the node. */
const INFERRED = new WeakSet<Common>();

/**
 * The EVM library's settings for a block of the node's chain: the library's own fork schedule for the public
 * chains it ships, else the fork the node states in `eth_config` (EIP-7910) when that fork was already active at
 * the block, else, for a node that does not answer `eth_config` (Hardhat 2, Ganache 7), the fork the block's header
 * shows ({@link hardforkOfHeader}), named as inferred ({@link hardforkLabel}). What cannot be told is an
 * {@link UnknownHardforkError}, never a guess (a local chain may run any fork).
 */
export async function chainCommon(
  request: RpcRequest,
  block: { number: bigint; timestamp: bigint; header?: ForkFields },
  signal?: AbortSignal,
): Promise<Common> {
  // Both asked at once (a round to the node fewer); `eth_config` goes unused on a chain the library knows.
  const [chainIdText, stated] = await Promise.all([
    request('eth_chainId', [], signal),
    request('eth_config', [], signal).then(
      (config) => ({ config }),
      (error: unknown) => ({ error }),
    ),
  ]);
  const chainId = BigInt(chainIdText as string);
  const known = KNOWN_CHAINS.get(chainId);
  if (known) {
    const common = new Common({ chain: known, customCrypto: { kzg: NO_KZG } });
    common.setHardforkBy({ blockNumber: block.number, timestamp: block.timestamp });
    return common;
  }
  if ('error' in stated) {
    const { error } = stated;
    if (signal?.aborted) throw error;
    const unstated = `Cannot tell which hardfork chain ${chainId} ran block ${block.number} under: the EVM library does not know the chain and the node does not answer eth_config (EIP-7910)`;
    if (!block.header) throw new UnknownHardforkError(`${unstated}.`, { cause: error });
    let hardfork: string;
    try {
      hardfork = hardforkOfHeader(block.header);
    } catch (inferring) {
      throw new UnknownHardforkError(`${unstated}, and ${(inferring as Error).message}`, { cause: error });
    }
    const common = createCustomCommon({ chainId: Number(chainId) }, Mainnet, { hardfork, customCrypto: { kzg: NO_KZG } });
    INFERRED.add(common);
    return common;
  }
  const config = stated.config as { current?: ForkConfig | null; next?: ForkConfig | null; last?: ForkConfig | null };
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

/**
 * The settings' fork as a replay names it: the library's name (`prague`), or `inferred osaka` when it was read off
 * the block's header rather than stated by the chain's schedule or the node (the trace view shows "at the inferred
 * osaka hardfork").
 */
export function hardforkLabel(common: Common): string {
  return INFERRED.has(common) ? `inferred ${common.hardfork()}` : common.hardfork();
}

/**
 * The latest fork a block header's fields show, newest first: `requestsHash` (EIP-7685) Prague or later,
 * `parentBeaconBlockRoot` or the blob fields Cancun, `withdrawalsRoot` Shanghai, a zero difficulty with a base fee
 * Paris (the merge), a base fee London. Osaka and its blob-schedule forks add no header field, so Prague-or-later is
 * read as Osaka, the latest fork with Prague's blob schedule: Osaka only adds what a Prague chain's transaction would
 * fail or pay otherwise for (CLZ, the P256VERIFY precompile, dearer MODEXP, the 2^24 gas cap), so a wrong pick shows
 * as a status or gas used that differs from the receipt, never as silently wrong frames. Before London nothing in a
 * header tells the forks apart: an error.
 */
export function hardforkOfHeader(header: ForkFields): string {
  const has = (field: keyof ForkFields) => header[field] !== undefined && header[field] !== null;
  if (has('requestsHash')) return 'osaka';
  if (has('parentBeaconBlockRoot') || has('blobGasUsed') || has('excessBlobGas')) return 'cancun';
  if (has('withdrawalsRoot')) return 'shanghai';
  if (has('baseFeePerGas')) return header.difficulty !== undefined && header.difficulty !== null && BigInt(header.difficulty) === 0n ? 'paris' : 'london';
  throw new Error('its header has no base fee (a fork before London), which a header cannot tell apart.');
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
