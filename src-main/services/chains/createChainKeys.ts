import type { HealthEvent } from '../../../src-shared/api/networks';
import { BlockglassError } from '../errors/blockglassError';
import type { RpcParams } from '../rpc/probeNetwork';
import { adoptChainRows } from '../store/adoptChainRows';
import type { Store } from '../store/openStore';
import { chainIdKey, chainKey, networkChainKey } from './chainKey';

/** Which chain each network is on, learned from its genesis block: the key every chain-kept row is stored under. */
export interface ChainKeys {
  /** The network's chain key (`<chainId>/<genesis hash>`): its genesis read once, again when its address changes. */
  of(networkId: string): Promise<string>;
  /** The key learned already, if any (for readers that cannot wait: a row's label). */
  known(networkId: string): string | undefined;
  /** Hears the network's health feed: after a reconnection, or when its head goes back, the genesis is read again. */
  heard(event: HealthEvent): void;
  /** Drops what was learned of a network (the next use reads its genesis again). */
  forget(networkId: string): void;
  /** Hears when a network turns out to be on another chain than before (a node restarted afresh, a new address). */
  onChange(listener: (networkId: string, key: string, previous: string) => void): () => void;
}

/** What the keys need of a network: its configured chain id and family, and where its node is (a change means: read again). */
export interface ChainOfNetwork {
  chainId: number | string;
  family: 'evm' | 'starknet';
  /** The node's address (a change of it, such as the sandbox's new port, means the genesis is read again). */
  endpoint: string;
}

/** Options of {@link createChainKeys}. */
export interface ChainKeysOptions {
  describe(networkId: string): Promise<ChainOfNetwork>;
  request<T>(networkId: string, method: string, params: RpcParams): Promise<T>;
  /** Where rows kept before the network's chain was known wait to be adopted (migration 4); without it, none. */
  store?: Pick<Store, 'db' | 'transaction'>;
  log?: (line: string) => void;
}

/** A node that answers without a genesis block: no chain to keep its data under. */
export class GenesisUnknownError extends BlockglassError {
  override name = 'GenesisUnknownError';
  constructor(details: string) {
    super('The node did not say which chain it serves (its block 0 has no hash).', { code: 'GENESIS_UNKNOWN', details });
  }
}

/**
 * Learns each network's chain: its configured chain id and the hash of the block 0 its node serves
 * (`eth_getBlockByNumber("0x0")`, Starknet's `starknet_getBlockWithTxHashes` at block 0), one request per network
 * and run, shared by every caller. A genesis never changes for a chain, but a node can be replaced by another on a
 * new chain (a dev node restarted afresh, a network edited to another address), so the genesis is read again when
 * the address changes, after the health feed reconnects, and when the head goes back below one it saw. When the
 * key changes, listeners hear it (caches of the old chain are dropped; rows stay with their chain).
 *
 * When a network's key is learned, rows kept for it before its chain was known (`network:<id>`, and
 * `chain-id:<chainId>` rows no network claimed) are adopted by the chain (see store/adoptChainRows.ts).
 */
export function createChainKeys(options: ChainKeysOptions): ChainKeys {
  const log = options.log ?? (() => {});
  const entries = new Map<string, { key: string; endpoint: string; stale: boolean }>();
  const flights = new Map<string, Promise<string>>();
  const heads = new Map<string, { state: HealthEvent['state']; head: bigint | undefined }>();
  const listeners = new Set<(networkId: string, key: string, previous: string) => void>();

  const readGenesis = async (networkId: string, family: ChainOfNetwork['family']): Promise<string> => {
    const block =
      family === 'starknet'
        ? await options.request<{ block_hash?: unknown } | null>(networkId, 'starknet_getBlockWithTxHashes', [{ block_number: 0 }])
        : await options.request<{ hash?: unknown } | null>(networkId, 'eth_getBlockByNumber', ['0x0', false]);
    const hash = block && ('block_hash' in block ? block.block_hash : 'hash' in block ? block.hash : undefined);
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]+$/.test(hash)) throw new GenesisUnknownError(`Block 0 came back as ${JSON.stringify(block)?.slice(0, 200)}.`);
    return hash;
  };

  const learn = (networkId: string, network: ChainOfNetwork): Promise<string> => {
    const flightKey = `${networkId}\n${network.endpoint}`;
    let flight = flights.get(flightKey);
    if (!flight) {
      flight = (async () => {
        const key = chainKey(network.chainId, await readGenesis(networkId, network.family));
        if (options.store) {
          try {
            const moved = adoptChainRows(options.store, key, [networkChainKey(networkId), chainIdKey(network.chainId)]);
            if (moved > 0) log(`chains: ${networkId}: ${moved} rows kept before its chain was known now belong to chain ${key}`);
          } catch (error) {
            log(`chains: ${networkId}: rows kept before its chain was known could not be moved to it yet: ${(error as Error).message}`);
          }
        }
        const previous = entries.get(networkId)?.key;
        entries.set(networkId, { key, endpoint: network.endpoint, stale: false });
        if (previous !== undefined && previous !== key) {
          log(`chains: ${networkId} is now on chain ${key} (was ${previous})`);
          for (const listener of listeners) {
            try {
              listener(networkId, key, previous);
            } catch (error) {
              log(`chains: a listener failed: ${(error as Error).message}`);
            }
          }
        }
        return key;
      })().finally(() => flights.delete(flightKey));
      flights.set(flightKey, flight);
    }
    return flight;
  };

  const keys: ChainKeys = {
    async of(networkId) {
      const network = await options.describe(networkId);
      const entry = entries.get(networkId);
      if (entry && !entry.stale && entry.endpoint === network.endpoint) return entry.key;
      return learn(networkId, network);
    },
    known: (networkId) => entries.get(networkId)?.key,
    heard(event) {
      const seen = heads.get(event.networkId);
      const number = event.head ? BigInt(event.head.number) : undefined;
      heads.set(event.networkId, { state: event.state, head: number ?? seen?.head });
      if (event.state !== 'connected' || !seen) return;
      const reconnected = seen.state !== 'connected';
      const wentBack = number !== undefined && seen.head !== undefined && number < seen.head;
      const entry = entries.get(event.networkId);
      if (!entry || !(reconnected || wentBack)) return;
      entry.stale = true;
      keys.of(event.networkId).catch((error: Error) => log(`chains: ${event.networkId}: its genesis could not be read again: ${error.message}`));
    },
    forget(networkId) {
      entries.delete(networkId);
      heads.delete(networkId);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return keys;
}
