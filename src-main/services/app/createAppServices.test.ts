import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { isApiError } from '../../../src-shared/api/apiError';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { descendants, commandLine, isAlive, waitUntil } from '../../../test-support/processTree';
import { seededDataDir } from '../sandbox/testing/seededDataDir';
import { createSecretStore, type SecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { createAppServices, type AppServices } from './createAppServices';
import { callContext, collectTopic, eventually, refusal } from './testing/appTestKit';

const shared = sharedSandbox();
const HOSTED_KEY = 'a1b2c3d4e5f60718293a4b5c6d7ef9e0';
const CUSTOM_KEY = 'custom-key-0123456789abcdefXYZ';
const ctx = callContext();
const none = { wsUrl: null, gasUrl: null, storageUrl: null }; // what the schema makes of empty address fields

describeWithKeychain('app services: every handler over real services', () => {
  const keychainService = `blockglass-test-${crypto.randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let app: AppServices;
  let keychain: SecretStore; // the same keychain entries, read from outside the app
  const open = () =>
    createAppServices({ dataDir, shell: 'web', projectRoot: process.cwd(), version: '0.1.0-test', keychainService, sandboxArgs: ['--block-time', '1'] });
  const running = async () => {
    await eventually(async () => (await app.handlers['sandbox.status']({}, ctx)).state === 'running', 'the sandbox to run');
  };

  beforeAll(async () => {
    dataDir = seededDataDir(shared.seedDir, 'blockglass-app-');
    keychain = createSecretStore({ service: keychainService });
    app = await open();
    await running();
  });
  afterAll(async () => {
    await app.close();
    for (const id of ['local', 'hosted']) await keychain.delete(id);
    await keychain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('app.info names the app, its version, shell, and where keys are kept (a keychain answered: not memory)', async () => {
    // These suites run inside scripts/keyring-session.sh, a throwaway keyring: keys last only for the run.
    const keychain = process.env.BLOCKGLASS_KEYRING_SESSION ? 'private' : 'system';
    expect(await app.handlers['app.info']({}, ctx)).toEqual({ name: 'Blockglass', version: '0.1.0-test', shell: 'web', keychain });
  });

  it('opens on the Local network on first run, with the sandbox running under a key it made', async () => {
    const list = await app.handlers['networks.list']({}, ctx);
    const local = list.find((network) => network.id === 'local')!;
    expect(local).toMatchObject({ selected: true, available: true, kind: 'local', chainId: 31337, credential: { configured: true } });
    expect(local.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/local\/v3\/$/);
    const key = (await keychain.get('local'))!.apiKey;
    expect(local.credential.hint).toBe(`${key.slice(0, 4)}…${key.slice(-4)}`);
    expect(JSON.stringify(list)).not.toContain(key);
    expect(list.filter((network) => network.selected)).toHaveLength(1);
  });

  it('settings: theme defaults to system, changes, and keeps other values', async () => {
    expect(await app.handlers['settings.get']({}, ctx)).toEqual({ theme: 'system' });
    expect(await app.handlers['settings.update']({ theme: 'dark' }, ctx)).toEqual({ theme: 'dark' });
    expect(await app.handlers['settings.update']({}, ctx)).toEqual({ theme: 'dark' });
    expect(await app.handlers['settings.get']({}, ctx)).toEqual({ theme: 'dark' });
  });

  it('adds, updates, selects and deletes a custom network with its own key', async () => {
    const origin = new URL(shared.info.rpcUrl).origin;
    const added = await app.handlers['networks.add']({ name: 'Shared sandbox', family: 'evm', chainId: 31337, rpcUrl: `${origin}/local/v3/`, wsUrl: null, gasUrl: null, storageUrl: null }, ctx);
    expect(added).toMatchObject({ kind: 'custom', name: 'Shared sandbox', selected: false, available: true, credential: { configured: false } });
    expect(added.id).toMatch(/^custom-[0-9a-f]+$/);

    const updated = await app.handlers['networks.update']({ networkId: added.id, network: { ...none, name: 'The shared sandbox', family: 'evm', chainId: 31337, rpcUrl: `${origin}/local/v3/` } }, ctx);
    expect(updated).toMatchObject({ id: added.id, name: 'The shared sandbox' });

    // Its own key: the shared sandbox's. Tested with it, the network answers.
    expect(await app.handlers['credentials.set']({ networkId: added.id, apiKey: shared.info.key }, ctx)).toEqual({ configured: true, hint: `${shared.info.key.slice(0, 4)}…${shared.info.key.slice(-4)}` });
    expect(await app.handlers['networks.test']({ networkId: added.id }, ctx)).toMatchObject({ ok: true, chainId: 31337, chainIdMismatch: false });

    expect(await app.handlers['networks.select']({ networkId: added.id }, ctx)).toMatchObject({ id: added.id, selected: true });
    expect((await app.handlers['networks.list']({}, ctx)).find((network) => network.id === 'local')?.selected).toBe(false);

    expect(await app.handlers['networks.delete']({ networkId: added.id }, ctx)).toEqual({ deleted: true });
    const list = await app.handlers['networks.list']({}, ctx);
    expect(list.some((network) => network.id === added.id)).toBe(false);
    expect(list.find((network) => network.id === 'local')?.selected).toBe(true); // back to Local
    expect(await keychain.status(added.id)).toEqual({ configured: false }); // its own key went with it
  });

  it('refuses what the services refuse, as plain redacted errors', async () => {
    const errors = {
      deletePreset: await refusal(app.handlers, 'networks.delete', { networkId: 'mainnet' }),
      updateLocal: await refusal(app.handlers, 'networks.update', { networkId: 'local', network: { ...none, name: 'x', family: 'evm', chainId: 1, rpcUrl: 'http://127.0.0.1:1' } }),
      selectUnknown: await refusal(app.handlers, 'networks.select', { networkId: 'custom-nope' }),
      setLocalKey: await refusal(app.handlers, 'credentials.set', { networkId: 'local', apiKey: 'mine' }),
      deleteLocalKey: await refusal(app.handlers, 'credentials.delete', { networkId: 'local' }),
    };
    for (const error of Object.values(errors)) expect(isApiError(error)).toBe(true);
    const plain = Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, { name: (error as Error).name, code: (error as { code?: unknown }).code }]));
    expect(plain).toEqual({
      deletePreset: { name: 'NetworkReadOnlyError', code: 'NETWORK_READ_ONLY' },
      updateLocal: { name: 'NetworkReadOnlyError', code: 'NETWORK_READ_ONLY' },
      selectUnknown: { name: 'NotFoundError', code: 'NETWORK_NOT_FOUND' },
      setLocalKey: { name: 'LocalCredentialManagedError', code: 'LOCAL_CREDENTIAL_MANAGED' },
      deleteLocalKey: { name: 'LocalCredentialManagedError', code: 'LOCAL_CREDENTIAL_MANAGED' },
    });
  });

  it('credentials: sets and removes the hosted key, shown only as a hint', async () => {
    expect(await app.handlers['credentials.set']({ networkId: 'sepolia', apiKey: HOSTED_KEY, apiSecret: 'hosted-secret-0001' }, ctx)).toEqual({ configured: true, hint: 'a1b2…f9e0' });
    const presets = (await app.handlers['networks.list']({}, ctx)).filter((network) => network.kind === 'preset');
    for (const preset of presets) expect(preset.credential).toEqual({ configured: true, hint: 'a1b2…f9e0' });
    expect(await app.handlers['credentials.delete']({ networkId: 'mainnet' }, ctx)).toEqual({ configured: false });
    const report = await app.handlers['networks.test']({ networkId: 'mainnet' }, ctx);
    expect(report).toMatchObject({ ok: false, expectedChainId: 1, error: { name: 'CredentialMissingError' } });
  });

  it('networks.test probes the Local sandbox, and reports a key the node refuses', async () => {
    expect(await app.handlers['networks.test']({ networkId: 'local' }, ctx)).toMatchObject({ ok: true, chainId: 31337, expectedChainId: 31337 });
    const origin = new URL(shared.info.rpcUrl).origin;
    const custom = await app.handlers['networks.add']({ ...none, name: 'Wrong key', family: 'evm', chainId: 31337, rpcUrl: `${origin}/local/v3/` }, ctx);
    await app.handlers['credentials.set']({ networkId: custom.id, apiKey: CUSTOM_KEY }, ctx);
    const report = await app.handlers['networks.test']({ networkId: custom.id }, ctx);
    expect(report.error).toMatchObject({ name: 'InvalidApiKeyError', code: 401 });
    expect(JSON.stringify(report)).not.toContain(CUSTOM_KEY);
    await app.handlers['networks.delete']({ networkId: custom.id }, ctx);
  });

  it('network.health streams heads of the Local network until cancelled', async () => {
    const events = await collectTopic(app.topics, 'network.health', { networkId: 'local' }, (all) => all.filter((event) => event.head).length >= 2);
    expect(events[0]?.state).toBe('connecting');
    const heads = events.filter((event): event is HealthEvent & { head: NonNullable<HealthEvent['head']> } => event.head !== undefined);
    expect(heads.length).toBeGreaterThanOrEqual(2);
    expect(heads.every((event) => event.state === 'connected' && event.chainId === 31337)).toBe(true);
  });

  it('network.health: two views watching Local share one feed (the same heads), and it stops when both leave', async () => {
    const feedsSeen = new Set<string>();
    const enough = (all: HealthEvent[]) => {
      feedsSeen.add(app.liveFeeds().join());
      return all.filter((event) => event.head).length >= 2;
    };
    const [first, second] = await Promise.all([
      collectTopic(app.topics, 'network.health', { networkId: 'local' }, enough),
      collectTopic(app.topics, 'network.health', { networkId: 'local' }, enough),
    ]);
    expect([...feedsSeen]).toEqual(['local']);
    const numbers = (events: HealthEvent[]) => new Set(events.flatMap((event) => (event.head ? [event.head.number] : [])));
    const firstHeads = numbers(first);
    expect([...numbers(second)].some((n) => firstHeads.has(n))).toBe(true);
    await eventually(async () => app.liveFeeds().length === 0, 'the feed to stop');
  });

  it('sandbox.status streams the current state first, then each change of a restart', async () => {
    const key = (await keychain.get('local'))!.apiKey;
    let restarted: Promise<SandboxStatus> | undefined;
    const events = await collectTopic(app.topics, 'sandbox.status', {}, (all) => {
      restarted ??= app.handlers['sandbox.restart']({}, ctx);
      return all.length >= 3 && all.at(-1)?.state === 'running';
    });
    expect(events.map((event) => event.state), JSON.stringify(events)).toEqual(['running', 'restarting', 'running']);
    expect(await restarted).toMatchObject({ state: 'running' });
    expect((await keychain.get('local'))!.apiKey).toBe(key);
    expect(await app.handlers['sandbox.status']({}, ctx)).toMatchObject({ state: 'running', restarts: 0 });
  });

  // The one test of a reset (it reseeds the whole chain: the slowest thing the sandbox does), through the contract's
  // method down to the launcher: the chain goes back to the seeded one, under the same key.
  it('sandbox.resetChain reseeds the chain and keeps the key', async () => {
    const key = (await keychain.get('local'))!.apiKey;
    const height = async () => Number((await app.handlers['networks.test']({ networkId: 'local' }, ctx)).head?.number);
    await eventually(async () => (await height()) > shared.manifest.seededToBlock + 3, 'live blocks after the seed');
    const before = await height();
    const status = await app.handlers['sandbox.resetChain']({}, ctx);
    expect(status).toMatchObject({ state: 'running', seededToBlock: shared.manifest.seededToBlock });
    const after = await height();
    expect(after).toBeLessThan(before);
    expect(after).toBeLessThan(shared.manifest.seededToBlock + 20);
    expect((await keychain.get('local'))!.apiKey).toBe(key);
  }, 300_000);

  it('close stops the sandbox (no orphans); the next start reads the same key from the keychain', async () => {
    const key = (await keychain.get('local'))!.apiKey;
    const mine = descendants(process.pid).filter((pid) => commandLine(pid).includes(dataDir) || /anvil/.test(commandLine(pid)));
    expect(mine.length).toBeGreaterThan(0);
    await app.close();
    for (const pid of mine) await waitUntil(() => !isAlive(pid), `process ${pid} to be gone`, 10_000);

    app = await open();
    await running();
    expect((await keychain.get('local'))!.apiKey).toBe(key);
    expect(await app.handlers['settings.get']({}, ctx)).toEqual({ theme: 'dark' });
    expect(await app.handlers['networks.test']({ networkId: 'local' }, ctx)).toMatchObject({ ok: true });
  });
});
