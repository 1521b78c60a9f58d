import type { EvmNetwork, Network, StarknetNetwork } from './network';

/** Credential shared by every preset of the hosted service: one key opens all its networks. */
export const HOSTED_CREDENTIAL_ID = 'hosted';

/** A custom network that takes no key (a node of one's own): no keychain entry is read, set or asked for. */
export const NO_KEY_CREDENTIAL_ID = 'no-key';

/** The hosted service's gas-fee API (`/networks/<chainId>/suggestedGasFees`, basic auth). */
export const HOSTED_GAS_URL = 'https://gas.api.infura.io';

/** The hosted service's content store (`/api/v0/<command>`, basic auth). */
export const HOSTED_STORAGE_URL = 'https://ipfs.infura.io:5001';

/** Starknet mainnet's chain id: the short string `SN_MAIN` as a felt. */
export const STARKNET_MAINNET_CHAIN_ID = '0x534e5f4d41494e';

/** Starknet Sepolia's chain id: the short string `SN_SEPOLIA` as a felt. */
export const STARKNET_SEPOLIA_CHAIN_ID = '0x534e5f5345504f4c4941';

/**
 * A hosted-service network named `slug` in its addresses: `https://<slug>.infura.io/v3/` and
 * `wss://<slug>.infura.io/ws/v3/`, to which main appends the key. The preset's id is the slug.
 */
function hosted(
  slug: string,
  name: string,
  chain: Pick<EvmNetwork, 'family' | 'chainId'> | Pick<StarknetNetwork, 'family' | 'chainId'>,
): Network {
  return {
    ...chain,
    id: slug,
    name,
    rpcUrl: `https://${slug}.infura.io/v3/`,
    wsUrl: `wss://${slug}.infura.io/ws/v3/`,
    // The gas-fee API serves EVM chains only.
    gasUrl: chain.family === 'evm' ? HOSTED_GAS_URL : null,
    storageUrl: HOSTED_STORAGE_URL,
    credentialId: HOSTED_CREDENTIAL_ID,
    kind: 'preset',
  };
}

/** The hosted service's networks, in the order they are listed. */
export const PRESET_NETWORKS: readonly Network[] = Object.freeze([
  hosted('mainnet', 'Ethereum Mainnet', { family: 'evm', chainId: 1 }),
  hosted('sepolia', 'Ethereum Sepolia', { family: 'evm', chainId: 11155111 }),
  hosted('linea-mainnet', 'Linea', { family: 'evm', chainId: 59144 }),
  hosted('polygon-mainnet', 'Polygon PoS', { family: 'evm', chainId: 137 }),
  hosted('arbitrum-mainnet', 'Arbitrum One', { family: 'evm', chainId: 42161 }),
  hosted('optimism-mainnet', 'OP Mainnet', { family: 'evm', chainId: 10 }),
  hosted('base-mainnet', 'Base', { family: 'evm', chainId: 8453 }),
  hosted('starknet-mainnet', 'Starknet Mainnet', { family: 'starknet', chainId: STARKNET_MAINNET_CHAIN_ID }),
  hosted('starknet-sepolia', 'Starknet Sepolia', { family: 'starknet', chainId: STARKNET_SEPOLIA_CHAIN_ID }),
].map((network) => Object.freeze(network)));

/** The preset with this id, if any. */
export function presetNetwork(id: string): Network | undefined {
  return PRESET_NETWORKS.find((network) => network.id === id);
}
