import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalSandboxAddresses } from '../../../src-shared/networks/localNetwork';
import { NO_KEY_CREDENTIAL_ID, PRESET_NETWORKS } from '../../../src-shared/networks/presets';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { basicAuthToken } from '../secrets/basicAuthorization';
import { createSecretStore, type SecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { openStore, type Store } from '../store/openStore';
import { useTempDataDirs } from '../store/testing/tempDataDir';
import { createNetworkService, type NetworkService } from './createNetworkService';

const tempDir = useTempDataDirs();
const HOSTED_KEY = 'a1b2c3d4e5f60718293a4b5c6d7ef9e0';
const SANDBOX: LocalSandboxAddresses = {
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:41234/local/v3/sandbox-key-1',
  wsUrl: 'ws://127.0.0.1:41234/local/ws/v3/sandbox-key-1',
  gasUrl: 'http://127.0.0.1:41234',
  storageUrl: 'http://127.0.0.1:41234',
};
const myNode = { name: 'My node', family: 'evm', chainId: 1337, rpcUrl: 'http://127.0.0.1:8545' } as const;

describeWithKeychain('network service on a real store and the real keychain', () => {
  let secrets: SecretStore;
  let store: Store;
  let dataDir: string;
  let sandboxRunning: boolean;
  let ids: number;
  const service = () =>
    createNetworkService({ store, secrets, localAddresses: () => (sandboxRunning ? SANDBOX : undefined), newId: () => `custom-${++ids}` });

  beforeAll(() => {
    secrets = createSecretStore({ service: `blockglass-test-${crypto.randomBytes(4).toString('hex')}` });
  });
  afterAll(() => secrets.close());
  beforeEach(() => {
    dataDir = tempDir();
    store = openStore(dataDir);
    store.refuseSecrets(secrets.knownSecrets);
    sandboxRunning = true;
    ids = 0;
  });
  afterEach(async () => {
    store.close();
    for (const id of ['hosted', 'local', 'custom-1', 'custom-2']) await secrets.delete(id);
  });

  it('lists presets, Local and custom networks with their credential status, never the key', async () => {
    const networks: NetworkService = service();
    await networks.add(myNode);
    let list = await networks.list();
    expect(list.map((n) => n.id)).toEqual([...PRESET_NETWORKS.map((n) => n.id), 'local', 'custom-1']);
    expect(list.every((n) => !n.credential.configured)).toBe(true);
    expect(list.find((n) => n.id === 'local')).toMatchObject({ selected: true, available: true, rpcUrl: 'http://127.0.0.1:41234/local/v3/' });

    expect(await networks.setCredential('sepolia', { apiKey: HOSTED_KEY, apiSecret: 'hosted-secret-1' })).toEqual({ configured: true, hint: 'a1b2…f9e0' });
    list = await networks.list();
    for (const preset of list.filter((n) => n.kind === 'preset')) expect(preset.credential).toEqual({ configured: true, hint: 'a1b2…f9e0' });
    expect(list.find((n) => n.id === 'custom-1')?.credential).toEqual({ configured: false });
    const wire = JSON.stringify(list);
    for (const secret of [HOSTED_KEY, 'hosted-secret-1', basicAuthToken(HOSTED_KEY, 'hosted-secret-1')]) expect(wire).not.toContain(secret);
  });

  it('shows the Local network as unavailable while the sandbox is not running, and will not resolve it', async () => {
    sandboxRunning = false;
    const networks = service();
    expect(await networks.get('local')).toMatchObject({ available: false, rpcUrl: '' });
    await expect(networks.resolveWithCredentials('local')).rejects.toMatchObject({ name: 'LocalNetworkNotRunningError' });
  });

  it('resolves a preset with the key in its JSON-RPC addresses and basic auth for gas and content', async () => {
    const networks = service();
    await networks.setCredential('mainnet', { apiKey: HOSTED_KEY, apiSecret: 'hosted-secret-1' });
    const resolved = await networks.resolveWithCredentials('base-mainnet');
    expect(resolved).toMatchObject({
      rpcUrl: `https://base-mainnet.infura.io/v3/${HOSTED_KEY}`,
      wsUrl: `wss://base-mainnet.infura.io/ws/v3/${HOSTED_KEY}`,
      gasUrl: 'https://gas.api.infura.io',
      storageUrl: 'https://ipfs.infura.io:5001',
      authorization: `Basic ${Buffer.from(`${HOSTED_KEY}:hosted-secret-1`).toString('base64')}`,
    });
    expect(resolved.network.rpcUrl).toBe('https://base-mainnet.infura.io/v3/');
    expect(resolved.secrets).toEqual([HOSTED_KEY, 'hosted-secret-1', basicAuthToken(HOSTED_KEY, 'hosted-secret-1')]);
  });

  it('resolves the Local network from the sandbox’s addresses and its own key', async () => {
    const networks = service();
    await networks.setCredential('local', { apiKey: 'sandbox-key-1', apiSecret: 'sandbox-secret' });
    const resolved = await networks.resolveWithCredentials('local');
    expect(resolved.rpcUrl).toBe(SANDBOX.rpcUrl);
    expect(resolved.wsUrl).toBe(SANDBOX.wsUrl);
    expect(resolved.authorization).toBe(`Basic ${Buffer.from('sandbox-key-1:sandbox-secret').toString('base64')}`);
  });

  it('refuses to resolve a network that needs a key when none is set', async () => {
    const networks = service();
    await expect(networks.resolveWithCredentials('mainnet')).rejects.toMatchObject({
      name: 'CredentialMissingError',
      shortMessage: 'No API key is set for Ethereum Mainnet',
      fix: { label: 'Set the API key', route: '/settings/keys' },
    });
    await networks.add({ ...myNode, rpcUrl: 'https://rpc.example.com/{key}' });
    await expect(networks.resolveWithCredentials('custom-1')).rejects.toMatchObject({ name: 'CredentialMissingError' });
  });

  it('resolves a custom network as entered without a key, and with its key appended once one is set', async () => {
    const networks = service();
    const added = await networks.add({ ...myNode, gasUrl: 'http://127.0.0.1:9000' });
    expect(await networks.resolveWithCredentials(added.id)).toMatchObject({ rpcUrl: 'http://127.0.0.1:8545', authorization: undefined, secrets: [] });
    await networks.setCredential(added.id, { apiKey: 'node-key' });
    expect(await networks.resolveWithCredentials(added.id)).toMatchObject({
      rpcUrl: 'http://127.0.0.1:8545/node-key',
      authorization: `Basic ${Buffer.from('node-key:').toString('base64')}`,
    });
  });

  it('adds a network that takes no key: it never reads, sets or appends one, and refuses {key} in its address', async () => {
    const networks = service();
    const added = await networks.add({ ...myNode, credentialId: NO_KEY_CREDENTIAL_ID });
    expect(added.credentialId).toBe(NO_KEY_CREDENTIAL_ID);
    expect((await networks.get(added.id)).credential).toEqual({ configured: false });
    expect(await networks.resolveWithCredentials(added.id)).toMatchObject({ rpcUrl: myNode.rpcUrl, authorization: undefined, secrets: [] });
    await expect(networks.setCredential(added.id, { apiKey: 'node-key' })).rejects.toMatchObject({ name: 'NetworkInputError', data: { fields: { credentialId: 'My node is set to take no key: edit the network and choose a key first.' } } });
    await expect(networks.add({ ...myNode, rpcUrl: 'https://rpc.example.com/v3/{key}', credentialId: NO_KEY_CREDENTIAL_ID })).rejects.toMatchObject({
      data: { fields: { rpcUrl: 'A network with no key has no {key} in its address: remove it, or choose a key.' } },
    });
    // Given a key of its own later, it gets its own keychain entry.
    expect((await networks.update(added.id, myNode)).credentialId).toBe(added.id);
  });

  it('reads the chain id from a node being added: bare, through the hosted key, or says why not', async () => {
    const sandbox = sharedSandbox();
    const networks = service();
    expect(await networks.chainIdAt({ rpcUrl: sandbox.anvilUrl, family: 'evm', credential: 'none' })).toBe(sandbox.info.chainId);
    // The gateway takes the key in its path: `{key}` there, read with the hosted service's key once it is set.
    const template = sandbox.info.rpcUrl.replace(sandbox.info.key, '{key}');
    await expect(networks.chainIdAt({ rpcUrl: template, family: 'evm', credential: 'hosted' })).rejects.toMatchObject({
      shortMessage: 'The address needs its key ({key}) to be read',
      details: "The hosted service's key is not set: type the chain id, or set the key in API keys first.",
    });
    await expect(networks.chainIdAt({ rpcUrl: template, family: 'evm', credential: 'own' })).rejects.toMatchObject({ details: 'The key is entered once the network is added: type the chain id now.' });
    await networks.setCredential('mainnet', { apiKey: sandbox.info.key });
    expect(await networks.chainIdAt({ rpcUrl: template, family: 'evm', credential: 'hosted' })).toBe(sandbox.info.chainId);
    // Nothing answers: the node's failure in words, never the key.
    const down = await networks.chainIdAt({ rpcUrl: 'http://127.0.0.1:9/v3/{key}', family: 'evm', credential: 'hosted' }).catch((error: unknown) => error as { shortMessage: string; details?: string; kind?: string });
    expect(down).toMatchObject({ name: 'NetworkDownError', shortMessage: 'Nothing answers at 127.0.0.1:9: the connection was refused.' });
    expect(JSON.stringify({ ...(down as object), message: (down as unknown as Error).message })).not.toContain(sandbox.info.key);
    await expect(networks.chainIdAt({ rpcUrl: 'wss://rpc.example.com', family: 'evm', credential: 'none' })).rejects.toMatchObject({ shortMessage: 'The chain id is read from an http(s) address' });
    await expect(networks.chainIdAt({ rpcUrl: 'ftp://example.com', family: 'evm', credential: 'none' })).rejects.toMatchObject({ name: 'NetworkInputError' });
  });

  it('adds, updates and deletes custom networks, keeping built-in ones read-only', async () => {
    const networks = service();
    const added = await networks.add({ ...myNode, name: '  Spaced  ', chainId: '0x539' });
    expect(added).toEqual({ ...myNode, name: 'Spaced', id: 'custom-1', credentialId: 'custom-1', kind: 'custom', wsUrl: null, gasUrl: null, storageUrl: null });
    const updated = await networks.update('custom-1', { ...myNode, name: 'Renamed', family: 'starknet', chainId: 'KATANA' });
    expect(updated).toMatchObject({ id: 'custom-1', name: 'Renamed', family: 'starknet', chainId: '0x4b4154414e41', credentialId: 'custom-1' });
    expect((await networks.get('custom-1')).name).toBe('Renamed');

    await expect(networks.update('mainnet', myNode)).rejects.toMatchObject({ name: 'NetworkReadOnlyError', shortMessage: '“Ethereum Mainnet” is built in and cannot be changed or deleted' });
    await expect(networks.delete('local')).rejects.toMatchObject({ name: 'NetworkReadOnlyError' });
    await expect(networks.delete('custom-9')).rejects.toMatchObject({ name: 'NotFoundError', shortMessage: 'There is no network “custom-9”' });

    await networks.delete('custom-1');
    await expect(networks.get('custom-1')).rejects.toMatchObject({ name: 'NotFoundError' });
  });

  it('refuses invalid input with a message per field, and keys in addresses', async () => {
    const networks = service();
    const error = await networks
      .add({ ...myNode, name: '', rpcUrl: `https://mainnet.infura.io/v3/${HOSTED_KEY}`, wsUrl: 'https://x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NetworkInputError', code: 'INVALID_NETWORK', shortMessage: 'The network is not valid' });
    expect((error as { data: unknown }).data).toEqual({
      fields: {
        name: 'Enter a name.',
        rpcUrl: 'The address seems to contain an API key in its path. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.',
        wsUrl: 'Use an address starting with ws:// or wss://.',
      },
    });
    expect((error as Error).message).not.toContain(HOSTED_KEY);
    expect(store.networks.list()).toEqual([]);
  });

  it('refuses to save a network that carries a known key anywhere (the store’s guard)', async () => {
    const networks = service();
    await networks.setCredential('mainnet', { apiKey: 'short-key' });
    await expect(networks.add({ ...myNode, name: 'node short-key' })).rejects.toMatchObject({ name: 'SecretInStoreError' });
  });

  it('deletes a custom network’s own key with it, but never a shared one', async () => {
    const networks = service();
    await networks.setCredential('mainnet', { apiKey: HOSTED_KEY });
    const own = await networks.add(myNode);
    const sharing = await networks.add({ ...myNode, credentialId: 'hosted', rpcUrl: 'https://holesky.infura.io/v3/' });
    await networks.setCredential(own.id, { apiKey: 'own-key-0000' });
    await networks.delete(own.id);
    expect(await secrets.status(own.id)).toEqual({ configured: false });
    await networks.delete(sharing.id);
    expect((await secrets.status('hosted')).configured).toBe(true);
  });

  it('deletes a network whose saved row is damaged, with its own key', async () => {
    const networks = service();
    const added = await networks.add(myNode);
    await networks.setCredential(added.id, { apiKey: 'own-key-0000' });
    await networks.select(added.id);
    store.db.prepare('UPDATE networks SET json = ? WHERE id = ?').run('{"broken":true}', added.id);
    await expect(networks.get(added.id)).rejects.toMatchObject({ name: 'StoredRowInvalidError' });
    expect(networks.selectedId()).toBe('local');
    await networks.delete(added.id);
    expect(store.db.prepare('SELECT count(*) FROM networks').pluck().all()).toEqual([0]);
    expect(await secrets.status(added.id)).toEqual({ configured: false });
  });

  it('persists the selection, and falls back to Local when the selected network goes away', async () => {
    let networks = service();
    expect(networks.selectedId()).toBe('local');
    const added = await networks.add(myNode);
    await networks.select(added.id);
    store.close();
    store = openStore(dataDir);
    networks = service();
    expect(networks.selectedId()).toBe(added.id);
    expect((await networks.list()).filter((n) => n.selected).map((n) => n.id)).toEqual([added.id]);
    await expect(networks.select('nope')).rejects.toMatchObject({ name: 'NotFoundError' });
    await networks.delete(added.id);
    expect(networks.selectedId()).toBe('local');
    expect(store.settings.get('selectedNetworkId')).toBeUndefined();
  });
});

describe('network service without a keychain', () => {
  it('still lists every network, with the keychain’s error in place of the status', async () => {
    const secrets = createSecretStore({ modulePath: '/nonexistent/keyring.node' });
    const store = openStore(tempDir());
    const networks = createNetworkService({ store, secrets });
    const list = await networks.list();
    expect(list).toHaveLength(PRESET_NETWORKS.length + 1);
    expect(list[0]?.credential).toMatchObject({
      configured: false,
      error: { name: 'KeychainUnavailableError', code: 'KEYCHAIN_UNAVAILABLE', shortMessage: 'The keychain module could not be loaded' },
    });
    await expect(networks.resolveWithCredentials('mainnet')).rejects.toMatchObject({ name: 'KeychainUnavailableError' });
    store.close();
    await secrets.close();
  });
});
