import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import type { HealthEvent } from '../../../src-shared/api/networks';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { createAppServices, type AppServices } from '../app/createAppServices';
import { eventually } from '../app/testing/appTestKit';
import { seededDataDir } from '../sandbox/testing/seededDataDir';
import { createSecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { createDispatcher } from './createDispatcher';
import { createMemoryTransport, type MemoryTransport } from './createMemoryTransport';
import { loadRendererClient, type RendererApiCallError, type RendererApiClient } from './testing/loadRendererClient';

// The real app services (store, keychain, sandbox child, rpc) behind the dispatcher, called by the
// renderer's real client over the in-memory pipe: the contract end to end, minus a window.
// Run inside a keychain: bash scripts/keyring-session.sh npx vitest run src-main/services/api

const shared = inject('sandbox');
const HOSTED_KEY = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';

describeWithKeychain('the API over the real app services', () => {
  const keychainService = `blockglass-api-test-${crypto.randomBytes(4).toString('hex')}`;
  const lines: string[] = [];
  let dataDir: string;
  let services: AppServices;
  let transport: MemoryTransport;
  let api: RendererApiClient;
  /** A second window's client on its own connection: it sees the chain go on while the first one's work is stopped. */
  let control: RendererApiClient;

  /** Waits until a live watch of the Local network, on the control connection, has seen `count` new heads. */
  const newHeads = async (count: number) => {
    const heads: HealthEvent[] = [];
    const stop = control.subscribe('network.health', { networkId: 'local' }, { onEvent: (event) => heads.push(event) });
    try {
      // The first head a watch reports is the current one; the ones after it are new.
      await expect.poll(() => heads.filter((event) => event.state === 'connected' && event.head).length, { timeout: 20_000 }).toBeGreaterThan(count);
    } finally {
      stop();
    }
  };

  beforeAll(async () => {
    if (!shared) throw new Error('this suite needs the shared seeded sandbox: run it without SKIP_SANDBOX_SETUP=1');
    const { createApiClient } = await loadRendererClient();
    dataDir = seededDataDir(shared.seedDir, 'blockglass-api-');
    services = await createAppServices({ dataDir, shell: 'web', projectRoot: process.cwd(), version: '0.1.0-api', keychainService, sandboxArgs: ['--block-time', '1'], log: (line) => lines.push(line) });
    const dispatcher = createDispatcher({ handlers: services.handlers, topics: services.topics, redact: services.redact, shell: 'web', log: (line) => lines.push(line) });
    transport = createMemoryTransport(dispatcher);
    api = createApiClient(transport);
    control = createApiClient(createMemoryTransport(dispatcher, 'control'));
    await eventually(async () => (await api.call('sandbox.status', {})).state === 'running', 'the sandbox to run');
  });

  afterAll(async () => {
    api?.close();
    control?.close();
    await services?.close();
    const keychain = createSecretStore({ service: keychainService });
    for (const id of ['local', 'hosted']) await keychain.delete(id).catch(() => undefined);
    await keychain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const failure = async (promise: Promise<unknown>) => ((await promise.then(() => expect.fail('succeeded'), (error: unknown) => error)) as RendererApiCallError).error;

  it('answers app.info with the shell it runs in', async () => {
    await expect(api.call('app.info', {})).resolves.toEqual({ name: 'Blockglass', version: '0.1.0-api', shell: 'web', keychain: process.env.BLOCKGLASS_KEYRING_SESSION ? 'private' : 'system' });
  });

  it('lists the Local network, selected, with a hint of its key and never the key', async () => {
    const networks = await api.call('networks.list', {});
    const local = networks.find((network) => network.id === 'local');
    expect(local).toMatchObject({ selected: true, available: true, credential: { configured: true, hint: expect.any(String) } });
  });

  it('refuses bad input before the services see it', async () => {
    expect(await failure(api.call('credentials.set', { networkId: 'mainnet', apiKey: 'has spaces in it' }))).toMatchObject({ name: 'InvalidInputError', shortMessage: 'Invalid input for credentials.set (apiKey): An API key has no spaces.' });
    expect((await failure(api.call('networks.select', { networkId: '../x' }))).code).toBe('invalid_input');
    expect((await failure(api.call('networks.nope' as never, {} as never))).name).toBe('UnknownMethodError');
  });

  it('keeps a stored key out of every answer, error and log line', async () => {
    expect(await api.call('credentials.set', { networkId: 'mainnet', apiKey: HOSTED_KEY })).toEqual({ configured: true, hint: `${HOSTED_KEY.slice(0, 4)}…${HOSTED_KEY.slice(-4)}` });
    // No internet here: the probe fails, and its error would carry the keyed URL if anything leaked.
    const report = await api.call('networks.test', { networkId: 'mainnet' }).catch((error: RendererApiCallError) => error.error);
    expect(JSON.stringify(report)).not.toContain(HOSTED_KEY);
    expect(JSON.stringify(await api.call('networks.list', {}))).not.toContain(HOSTED_KEY);
    expect(lines.join('\n')).not.toContain(HOSTED_KEY);
  });

  it('streams the sandbox status and live heads of the Local network, and stops when cancelled', async () => {
    const statuses: SandboxStatus[] = [];
    const stopStatus = api.subscribe('sandbox.status', {}, { onEvent: (status) => statuses.push(status) });
    await expect.poll(() => statuses[0]?.state).toBe('running');
    stopStatus();

    const heads: HealthEvent[] = [];
    let ended: ApiError | undefined | 'no' = 'no';
    const stopHealth = api.subscribe('network.health', { networkId: 'local' }, { onEvent: (event) => heads.push(event), onEnd: (error) => (ended = error) });
    await expect.poll(() => heads.filter((event) => event.state === 'connected').length, { timeout: 20_000 }).toBeGreaterThan(1);
    stopHealth();
    const seen = heads.length;
    await newHeads(2);
    expect(heads.length).toBe(seen);
    expect(ended).toBe('no'); // a cancelled subscription is not "ended" by main
  });

  it('ends the live work of a connection that drops', async () => {
    const heads: HealthEvent[] = [];
    api.subscribe('network.health', { networkId: 'local' }, { onEvent: (event) => heads.push(event) });
    await expect.poll(() => heads.length, { timeout: 20_000 }).toBeGreaterThan(1);
    transport.drop();
    const seen = heads.length;
    await newHeads(2);
    expect(heads.length).toBe(seen);
    transport.restore(); // the client subscribes again on the new connection
    await expect.poll(() => heads.length, { timeout: 20_000 }).toBeGreaterThan(seen);
  });
});
