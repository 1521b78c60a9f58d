// SECURITY (tests): builds resolved networks with keys in their URLs, as the network service does.
import type { EvmNetwork, Network } from '../../../../src-shared/networks/network';
import type { NetworkWithCredentials } from '../networkWithCredentials';
import { keyedUrl } from '../../networks/keyedUrl';
import { basicAuthorization } from '../../secrets/basicAuthorization';

/** The shared test sandbox's addresses (from `inject('sandbox').info`). */
export interface SandboxAddresses {
  rpcUrl: string;
  wsUrl: string;
  gasUrl: string;
  chainId: number;
}

/** A network at the test sandbox's addresses, with `key` put in the way `resolveWithCredentials` does. */
export function sandboxNetwork(
  info: SandboxAddresses,
  key: string,
  overrides: Partial<EvmNetwork> & { ws?: boolean } = {},
): NetworkWithCredentials {
  const { ws = true, ...fields } = overrides;
  const template = (url: string) => url.replace(/\/v3\/[^/?#]*$/, '/v3/');
  const network: Network = {
    id: 'local',
    name: 'Local sandbox',
    family: 'evm',
    chainId: info.chainId,
    rpcUrl: template(info.rpcUrl),
    wsUrl: ws ? template(info.wsUrl) : null,
    gasUrl: info.gasUrl,
    storageUrl: info.gasUrl,
    credentialId: 'local',
    kind: 'local',
    ...fields,
  };
  return {
    network,
    rpcUrl: keyedUrl(network.rpcUrl, key),
    wsUrl: network.wsUrl ? keyedUrl(network.wsUrl, key) : null,
    gasUrl: network.gasUrl,
    storageUrl: network.storageUrl,
    authorization: undefined,
    secrets: [key],
  };
}

/** The Local network as the app resolves it: the key in its URLs and the basic-auth credential its gas API and content store want. */
export function localSandboxNetwork(info: SandboxAddresses & { key: string; secret: string }): NetworkWithCredentials {
  return { ...sandboxNetwork(info, info.key), authorization: basicAuthorization(info.key, info.secret) };
}
