import { formatUnits, hexToBigInt, parseUnits, type Address, type Hex } from 'viem';
import type { EthPrice, EthPriceView, TypicalGas } from '../../../src-shared/api/prices';
import type { Settings } from '../store/createSettings';
import { KNOWN_ETH_USD_FEEDS, SANDBOX_FEED_STALE_AFTER_SECONDS } from './knownFeeds';
import { readFeed, type NetworkRequest } from './readFeed';
import type { SandboxPriceFacts } from './readSandboxManifest';
import { typicalGasOf } from './typicalGas';

/** What the prices service needs. */
export interface PricesServiceDeps {
  request: NetworkRequest;
  /** The network's chain id and family (the known feeds are looked up by chain id). */
  network: (networkId: string) => Promise<{ chainId: number | string; family: 'evm' | 'starknet' }>;
  settings: Pick<Settings, 'get' | 'set'>;
  /** The network whose feed is the sandbox's own (Local), and what its manifest says. */
  sandbox: { networkId: string; facts: () => SandboxPriceFacts };
  /** Unix milliseconds (tests pass their own clock only to check staleness, never to fake a price). */
  now?: () => number;
}

/** The price of ETH per network, and the gas of what the gas page prices. */
export interface PricesService {
  ethPrice(networkId: string, signal?: AbortSignal): Promise<EthPriceView>;
  setUserPrice(networkId: string, amount: string, currency: string): Promise<EthPriceView>;
  clearUserPrice(networkId: string): Promise<EthPriceView>;
  typicalGas(networkId: string, signal?: AbortSignal): Promise<TypicalGas[]>;
  estimateGas(networkId: string, call: { from?: string; to: string; data?: string; value?: string }, signal?: AbortSignal): Promise<{ gas: string }>;
}

/** The prices service: a network's feed (known by chain id, or the sandbox's), else the price its person set, else none. */
export function createPricesService(deps: PricesServiceDeps): PricesService {
  const now = deps.now ?? Date.now;

  /** The feed a network has: the sandbox's for Local, else the known one for its chain id. */
  const feedOf = async (networkId: string) => {
    if (networkId === deps.sandbox.networkId) {
      const address = deps.sandbox.facts().priceFeed;
      return address ? { address, listedBy: 'sandbox' as const, staleAfterSeconds: SANDBOX_FEED_STALE_AFTER_SECONDS } : null;
    }
    const network = await deps.network(networkId);
    const known = network.family === 'evm' && typeof network.chainId === 'number' ? KNOWN_ETH_USD_FEEDS[network.chainId] : undefined;
    return known ? { address: known.address as Address, listedBy: 'known-feeds' as const, staleAfterSeconds: known.heartbeatSeconds } : null;
  };

  const userPriceOf = (networkId: string) => deps.settings.get('ethPrices')?.[networkId] ?? null;

  const userPrice = (set: { amount: string; currency: string; setAt: number }): EthPrice => {
    const decimals = set.amount.split('.')[1]?.length ?? 0;
    return { currency: set.currency, raw: parseUnits(set.amount, decimals).toString(), decimals, source: { kind: 'user', setAt: set.setAt }, readAt: now() };
  };

  const ethPrice = async (networkId: string, signal?: AbortSignal): Promise<EthPriceView> => {
    const feed = await feedOf(networkId);
    const set = userPriceOf(networkId);
    const view = { networkId, userPrice: set, feed: feed && { address: feed.address, listedBy: feed.listedBy } };
    let note: string;
    if (feed) {
      try {
        const round = await readFeed(deps.request, networkId, feed.address, signal);
        if (round.answer <= 0n) throw new Error(`its answer is ${round.answer}, not a price`);
        const readAt = now();
        const age = Math.floor(readAt / 1000) - round.updatedAt;
        const price: EthPrice = {
          currency: 'USD',
          raw: round.answer.toString(),
          decimals: round.decimals,
          source: {
            kind: 'feed',
            address: feed.address,
            description: round.description,
            listedBy: feed.listedBy,
            roundId: round.roundId.toString(),
            updatedAt: round.updatedAt,
            block: `0x${round.block.toString(16)}`,
            staleAfterSeconds: feed.staleAfterSeconds,
            stale: age > feed.staleAfterSeconds,
          },
          readAt,
        };
        return { ...view, price };
      } catch (error) {
        if (signal?.aborted) throw error;
        const reason = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
        note = `The price feed ${feed.address} could not be read (${reason.split('\n')[0]})${set ? '; the price you set is used instead.' : '.'}`;
      }
    } else {
      note = set ? 'This network has no price feed the app knows; the price you set is used.' : 'This network has no price feed the app knows, and no price has been set for it.';
    }
    return { ...view, price: set ? userPrice(set) : null, note };
  };

  return {
    ethPrice,

    async setUserPrice(networkId, amount, currency) {
      await deps.network(networkId); // an unknown network is refused before anything is kept
      // Kept as the person typed it, without a trailing point or leading zeros beyond one.
      const decimals = amount.split('.')[1]?.length ?? 0;
      const normal = formatUnits(parseUnits(amount, decimals), decimals);
      deps.settings.set('ethPrices', { ...(deps.settings.get('ethPrices') ?? {}), [networkId]: { amount: normal, currency, setAt: now() } });
      return ethPrice(networkId);
    },

    async clearUserPrice(networkId) {
      const { [networkId]: _removed, ...rest } = deps.settings.get('ethPrices') ?? {};
      deps.settings.set('ethPrices', rest);
      return ethPrice(networkId);
    },

    typicalGas: (networkId, signal) =>
      typicalGasOf(networkId === deps.sandbox.networkId ? deps.sandbox.facts() : {}, async (hash) => {
        const receipt = (await deps.request(networkId, 'eth_getTransactionReceipt', [hash], { signal })) as { gasUsed: Hex } | null;
        return receipt ? hexToBigInt(receipt.gasUsed) : null;
      }),

    async estimateGas(networkId, call, signal) {
      const gas = (await deps.request(networkId, 'eth_estimateGas', [call, 'latest'], { signal })) as Hex;
      return { gas: hexToBigInt(gas).toString() };
    },
  };
}
