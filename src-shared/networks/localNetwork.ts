import type { EvmNetwork } from './network';

/** Id of the built-in Local network, served by the sandbox; also the app's first-run network. */
export const LOCAL_NETWORK_ID = 'local';

/** Keychain entry of the sandbox's own key (created on first run). */
export const LOCAL_CREDENTIAL_ID = 'local';

/** The sandbox's chain id (Anvil's default). */
export const LOCAL_CHAIN_ID = 31337;

/** The addresses the running sandbox announces in its ready line; they may end with the key, which is dropped. */
export interface LocalSandboxAddresses {
  rpcUrl: string;
  wsUrl: string;
  gasUrl: string;
  storageUrl: string;
  chainId?: number;
  /** How many of its latest live blocks' states the sandbox keeps, as its ready line says. */
  liveStatesKept?: number;
  /** How many of its latest live blocks (with their transactions and receipts) the sandbox keeps, as its ready line says. */
  liveBlocksKept?: number;
}

/**
 * The Local network. Its addresses exist only while the sandbox runs (its port is chosen at start), so they
 * come from the sandbox's ready line; without them the URLs are empty strings and the network is not
 * usable yet. A key at the end of the JSON-RPC addresses (`…/local/v3/<KEY>`) is cut off, leaving the
 * same `…/v3/` template form as the hosted presets.
 */
export function localNetwork(addresses?: LocalSandboxAddresses): EvmNetwork {
  return {
    id: LOCAL_NETWORK_ID,
    name: 'Local sandbox',
    family: 'evm',
    chainId: addresses?.chainId ?? LOCAL_CHAIN_ID,
    rpcUrl: addresses ? withoutKey(addresses.rpcUrl) : '',
    wsUrl: addresses ? withoutKey(addresses.wsUrl) : '',
    gasUrl: addresses?.gasUrl ?? '',
    storageUrl: addresses?.storageUrl ?? '',
    credentialId: LOCAL_CREDENTIAL_ID,
    kind: 'local',
  };
}

/** Cuts whatever follows the last `/v3/` (the key), keeping the slash. */
function withoutKey(url: string): string {
  return url.replace(/\/v3\/[^/?#]*$/, '/v3/');
}
