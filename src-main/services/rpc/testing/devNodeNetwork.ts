import type { DevNode } from '../../../../test-support/nodes/devNodeProcess';
import type { NetworkWithCredentials } from '../networkWithCredentials';

/** A development node (Hardhat, Ganache) resolved as a custom network a person added: its JSON-RPC address, no key. */
export function devNodeNetwork(node: DevNode): NetworkWithCredentials {
  const network = { id: `custom-${node.name}`, name: node.name, family: 'evm' as const, chainId: node.chainId, rpcUrl: node.url, wsUrl: null, gasUrl: null, storageUrl: null, credentialId: `custom-${node.name}`, kind: 'custom' as const };
  return { network, rpcUrl: node.url, wsUrl: null, gasUrl: null, storageUrl: null, authorization: undefined, secrets: [] };
}
