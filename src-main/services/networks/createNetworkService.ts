// SECURITY: keys live only in the OS keychain and main-process memory. Everything this service returns is
// safe for the renderer (templates without keys, `{ configured, hint }`) except `resolveWithCredentials`,
// whose result carries the key and must stay in the main process.
import crypto from 'node:crypto';
import { customNetworkInputSchema } from '../../../src-shared/networks/customNetworkInput';
import { LOCAL_NETWORK_ID, localNetwork, type LocalSandboxAddresses } from '../../../src-shared/networks/localNetwork';
import { KEY_PLACEHOLDER, type Network } from '../../../src-shared/networks/network';
import { HOSTED_CREDENTIAL_ID, NO_KEY_CREDENTIAL_ID, PRESET_NETWORKS, presetNetwork } from '../../../src-shared/networks/presets';
import { endpointUrlProblem } from '../../../src-shared/networks/endpointUrlProblem';
import type { NetworkFamily } from '../../../src-shared/networks/network';
import { basicAuthorization, basicAuthToken } from '../secrets/basicAuthorization';
import type { GasRequest, NetworkWithCredentials } from '../rpc/networkWithCredentials';
import type { Credential, CredentialStatus } from '../secrets/credential';
import type { SecretStore } from '../secrets/createSecretStore';
import type { ApiError } from '../../../src-shared/api/apiError';
import { toApiError } from '../errors/thrownToApiError';
import { BlockglassError } from '../errors/blockglassError';
import { NotFoundError } from '../errors/notFoundError';
import type { Store } from '../store/openStore';
import { StoredRowInvalidError } from '../store/storeErrors';
import { keyedUrl } from './keyedUrl';
import { ChainIdUnreadableError, readChainIdAt } from './readChainIdAt';
import {
  CredentialMissingError,
  LocalNetworkNotRunningError,
  NetworkInputError,
  NetworkReadOnlyError,
} from './networkErrors';

/** A network as listed for the renderer: no key, only whether one is set and its hint. */
export type NetworkEntry = Network & {
  credential: CredentialStatus & { error?: ApiError };
  /** Whether this is the network the app shows. */
  selected: boolean;
  /** False only for the Local network while its sandbox is not running (its addresses are empty then). */
  available: boolean;
};

/** Networks: presets, the Local sandbox and custom ones; the selection; their credentials. */
export interface NetworkService {
  /** Every network (presets, Local, custom in the order added) with its credential's status. */
  list(): Promise<NetworkEntry[]>;
  /** One network with its credential's status; throws a `NotFoundError`. */
  get(id: string): Promise<NetworkEntry>;
  /** Adds a custom network from what a person entered (checked with `customNetworkInputSchema`). */
  add(input: unknown): Promise<Network>;
  /** Replaces a custom network's fields; keeps its id and, unless given, its credential. */
  update(id: string, input: unknown): Promise<Network>;
  /** Deletes a custom network and its own key (not a shared one); built-in networks cannot be deleted. */
  delete(id: string): Promise<void>;
  /** Makes `id` the network the app shows (persisted). */
  select(id: string): Promise<void>;
  /** The id of the selected network: the stored one while it exists, otherwise the Local network. */
  selectedId(): string;
  /** Stores the key (and secret) of a network's credential; returns its new status. */
  setCredential(networkId: string, credential: Credential): Promise<CredentialStatus>;
  /** Removes the key of a network's credential; false when none was set. */
  clearCredential(networkId: string): Promise<boolean>;
  /**
   * The chain id the node at a JSON-RPC address being added reports (`eth_chainId`, `starknet_chainId`), read
   * with the key the network will use where it is known already (the hosted service's); throws why not in words.
   */
  chainIdAt(input: { rpcUrl: string; family: NetworkFamily; credential: 'own' | 'hosted' | 'none' }, signal?: AbortSignal): Promise<number | string>;
  /** MAIN-PROCESS ONLY. The network with its key put into its addresses; see {@link NetworkWithCredentials}. */
  resolveWithCredentials(networkId: string): Promise<NetworkWithCredentials>;
}

/** What {@link createNetworkService} needs. */
export interface NetworkServiceOptions {
  store: Store;
  secrets: Pick<SecretStore, 'get' | 'set' | 'delete' | 'status'>;
  /** The running sandbox's addresses, or undefined while it is not running. */
  localAddresses?: () => LocalSandboxAddresses | undefined;
  /** New custom network ids (tests). */
  newId?: () => string;
  /** Hears damaged stored data the service works around (never a key). */
  log?: (line: string) => void;
}

/** The network service over the store (custom networks, selection) and the secret store (keys). */
export function createNetworkService({ store, secrets, localAddresses = () => undefined, newId = randomId, log = () => {} }: NetworkServiceOptions): NetworkService {
  const builtIn = (): Network[] => [...PRESET_NETWORKS, localNetwork(localAddresses())];

  const find = (id: string): Network | undefined =>
    id === LOCAL_NETWORK_ID ? localNetwork(localAddresses()) : (presetNetwork(id) ?? store.networks.get(id));

  const findOrThrow = (id: string): Network => {
    const network = find(id);
    if (!network) throw new NotFoundError({ what: 'network', id }, `There is no network “${id}”`, { code: 'NETWORK_NOT_FOUND' });
    return network;
  };

  const findCustomOrThrow = (id: string): Network => {
    const network = findOrThrow(id);
    if (network.kind !== 'custom') throw new NetworkReadOnlyError(network.name);
    return network;
  };

  const selectedId = (): string => {
    try {
      const id = store.settings.get('selectedNetworkId');
      if (id !== undefined && find(id)) return id;
    } catch (error) {
      // A damaged setting or row falls back to the Local network rather than leaving the app without one.
      log(`networks: the selected network cannot be read, showing Local: ${(error as Error).message}`);
    }
    return LOCAL_NETWORK_ID;
  };

  // One keychain read per credential, however many networks share it (all presets share `hosted`).
  const statuses = async (networks: Network[]): Promise<Map<string, NetworkEntry['credential']>> => {
    const ids = [...new Set(networks.map((network) => network.credentialId))];
    const results = await Promise.all(
      ids.map(async (id): Promise<NetworkEntry['credential']> => {
        if (id === NO_KEY_CREDENTIAL_ID) return { configured: false }; // never a keychain entry
        try {
          return await secrets.status(id);
        } catch (error) {
          if (!(error instanceof BlockglassError)) throw error;
          return { configured: false, error: toApiError(error) };
        }
      }),
    );
    return new Map(ids.map((id, i) => [id, results[i] ?? { configured: false }]));
  };

  const entries = async (networks: Network[]): Promise<NetworkEntry[]> => {
    const byCredential = await statuses(networks);
    const selected = selectedId();
    return networks.map((network) => ({
      ...network,
      credential: byCredential.get(network.credentialId) ?? { configured: false },
      selected: network.id === selected,
      available: network.kind !== 'local' || localAddresses() !== undefined,
    }));
  };

  const parseInput = (input: unknown) => {
    const parsed = customNetworkInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'network'] ??= issue.message;
      throw new NetworkInputError(fields);
    }
    return parsed.data;
  };

  return {
    async list() {
      return entries([...builtIn(), ...store.networks.list()]);
    },

    async get(id) {
      const [entry] = await entries([findOrThrow(id)]);
      return entry as NetworkEntry;
    },

    async add(input) {
      const { credentialId, ...fields } = parseInput(input);
      const id = newId();
      const network: Network = { ...fields, id, credentialId: credentialId ?? id, kind: 'custom' };
      store.networks.put(network);
      return network;
    },

    async update(id, input) {
      const existing = findCustomOrThrow(id);
      const { credentialId, ...fields } = parseInput(input);
      // A network that took no key and now takes its own gets its own keychain entry (its id), as a new one does.
      const kept = existing.credentialId === NO_KEY_CREDENTIAL_ID ? id : existing.credentialId;
      const network: Network = { ...fields, id, credentialId: credentialId ?? kept, kind: 'custom' };
      store.networks.put(network);
      return network;
    },

    async delete(id) {
      let network: Network | undefined;
      try {
        network = findCustomOrThrow(id);
      } catch (error) {
        // A damaged row must still be deletable: that is what its error tells the person to do.
        if (!(error instanceof StoredRowInvalidError) || presetNetwork(id) || id === LOCAL_NETWORK_ID) throw error;
      }
      const credentialId = network?.credentialId ?? id; // a custom network's own credential has its id
      const shared = [...builtIn(), ...store.networks.list()].some((other) => other.id !== id && other.credentialId === credentialId);
      // Key first: if the keychain cannot be reached, nothing is deleted and the person can retry, rather
      // than leaving a key behind with no network to show it.
      if (!shared && credentialId !== NO_KEY_CREDENTIAL_ID) await secrets.delete(credentialId);
      store.transaction(() => {
        store.networks.delete(id);
        if (store.settings.get('selectedNetworkId') === id) store.settings.delete('selectedNetworkId');
      });
    },

    async select(id) {
      findOrThrow(id);
      store.settings.set('selectedNetworkId', id);
    },

    selectedId,

    async setCredential(networkId, credential) {
      const { credentialId, name } = findOrThrow(networkId);
      if (credentialId === NO_KEY_CREDENTIAL_ID) throw new NetworkInputError({ credentialId: `${name} is set to take no key: edit the network and choose a key first.` });
      await secrets.set(credentialId, credential);
      return secrets.status(credentialId);
    },

    async clearCredential(networkId) {
      return secrets.delete(findOrThrow(networkId).credentialId);
    },

    async chainIdAt({ rpcUrl, family, credential }, signal) {
      const url = rpcUrl.trim();
      const problem = endpointUrlProblem(url, { protocols: ['http', 'https', 'ws', 'wss'], keyPlaceholder: true });
      if (problem !== undefined) throw new NetworkInputError({ rpcUrl: problem });
      if (/^wss?:/i.test(url)) throw new ChainIdUnreadableError('The chain id is read from an http(s) address', 'This one is a WebSocket address: type the chain id.');
      const key = credential === 'hosted' ? (await secrets.get(HOSTED_CREDENTIAL_ID))?.apiKey : undefined;
      if (url.includes(KEY_PLACEHOLDER) && key === undefined) {
        throw new ChainIdUnreadableError(
          `The address needs its key (${KEY_PLACEHOLDER}) to be read`,
          credential === 'hosted' ? "The hosted service's key is not set: type the chain id, or set the key in API keys first." : 'The key is entered once the network is added: type the chain id now.',
        );
      }
      return readChainIdAt(key !== undefined ? keyedUrl(url, key) : url, family, { secrets: key !== undefined ? [key, encodeURIComponent(key)] : [], signal });
    },

    async resolveWithCredentials(networkId) {
      const network = findOrThrow(networkId);
      if (network.kind === 'local' && localAddresses() === undefined) throw new LocalNetworkNotRunningError();
      // A network that takes no key: its addresses as they are (the schema keeps {key} out of them).
      if (network.credentialId === NO_KEY_CREDENTIAL_ID) {
        return { network, rpcUrl: network.rpcUrl, wsUrl: network.wsUrl, gasUrl: network.gasUrl, gasRequest: gasRequestFor(network), storageUrl: network.storageUrl, authorization: undefined, secrets: [] };
      }
      const credential = await secrets.get(network.credentialId);
      // Built-in networks always need the key; a custom one only if its addresses ask for it with {key}.
      const needsKey = network.kind !== 'custom' || network.rpcUrl.includes(KEY_PLACEHOLDER) || (network.wsUrl ?? '').includes(KEY_PLACEHOLDER);
      if (!credential) {
        if (needsKey) throw new CredentialMissingError(network.name, network.credentialId);
        return { network, rpcUrl: network.rpcUrl, wsUrl: network.wsUrl, gasUrl: network.gasUrl, gasRequest: gasRequestFor(network), storageUrl: network.storageUrl, authorization: undefined, secrets: [] };
      }
      const { apiKey, apiSecret } = credential;
      return {
        network,
        rpcUrl: keyedUrl(network.rpcUrl, apiKey),
        wsUrl: network.wsUrl ? keyedUrl(network.wsUrl, apiKey) : network.wsUrl,
        gasUrl: network.gasUrl,
        gasRequest: gasRequestFor(network, credential),
        storageUrl: network.storageUrl,
        authorization: network.gasUrl || network.storageUrl ? basicAuthorization(apiKey, apiSecret) : undefined,
        secrets: [apiKey, ...(apiSecret ? [apiSecret] : []), basicAuthToken(apiKey, apiSecret), ...(encodeURIComponent(apiKey) !== apiKey ? [encodeURIComponent(apiKey)] : [])],
      };
    },
  };
}

/**
 * SECURITY: the gas API's address and credentials in the network's auth form: basic credentials (the default),
 * or the key as a path segment. Without a key, the plain basic-auth address (the service then says what is missing).
 */
export function gasRequestFor(network: Network, credential?: { apiKey: string; apiSecret?: string | undefined }): GasRequest | null {
  if (!network.gasUrl || network.family !== 'evm') return null;
  const base = network.gasUrl.replace(/\/+$/, '');
  if (network.gasAuth === 'path' && credential) return { url: `${base}/v3/${encodeURIComponent(credential.apiKey)}/networks/${network.chainId}/suggestedGasFees` };
  return {
    url: `${base}/networks/${network.chainId}/suggestedGasFees`,
    ...(credential ? { authorization: basicAuthorization(credential.apiKey, credential.apiSecret) } : {}),
  };
}

function randomId(): string {
  return `custom-${crypto.randomBytes(6).toString('hex')}`;
}
