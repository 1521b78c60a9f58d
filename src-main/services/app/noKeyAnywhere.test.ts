import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sharedSandbox } from '../rpc/testing/sharedSandbox';
import { seededDataDir } from '../sandbox/testing/seededDataDir';
import { basicAuthToken } from '../secrets/basicAuthorization';
import { createSecretStore, type SecretStore } from '../secrets/createSecretStore';
import { describeWithKeychain } from '../secrets/testing/keyringSession';
import { secretForms } from '../secrets/secretForms';
import { createAppServices, type AppServices } from './createAppServices';
import { callContext, collectTopic, eventually, refusal } from './testing/appTestKit';

// After keys are set and the handlers used (successes and failures), no key or secret, in any spelling, is
// in any file of the data folder (the SQLite file and its WAL read as bytes) or in anything a handler
// answered, threw or emitted, or a log line. That includes the sandbox's own key file: the launcher hands the
// Local key over through the environment on every start, so the sandbox keeps only hashes of it.
const shared = sharedSandbox();
const HOSTED = { apiKey: 'hostedKey0123456789abcdefABCDEF01', apiSecret: 'hostedSecret0123456789abcdef' };
const CUSTOM = { apiKey: 'customKey_0123456789-abcdefghij', apiSecret: 'customSecret_0123456789xyz' };
const ctx = callContext();
const none = { wsUrl: null, gasUrl: null, storageUrl: null };

/** Every file under `dir`, relative path → bytes. */
function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.set(path.relative(dir, full), fs.readFileSync(full));
    }
  };
  walk(dir);
  return files;
}

/** Every spelling of a credential's key and secret to look for: as is, URL- and JSON-encoded, and the basic-auth token. */
function spellings(credential: { apiKey: string; apiSecret?: string }): string[] {
  const values = [credential.apiKey, ...(credential.apiSecret ? [credential.apiSecret] : []), basicAuthToken(credential.apiKey, credential.apiSecret)];
  return values.flatMap(secretForms);
}

describeWithKeychain('no key anywhere', () => {
  const keychainService = `blockglass-test-${crypto.randomBytes(4).toString('hex')}`;
  let dataDir: string;
  let app: AppServices;
  let keychain: SecretStore;
  const said: string[] = [];
  const record = (value: unknown) => {
    said.push(JSON.stringify(value), String(value), value instanceof Error ? (value.stack ?? '') : '');
    return value;
  };

  beforeAll(async () => {
    dataDir = seededDataDir(shared.seedDir, 'blockglass-nokey-');
    keychain = createSecretStore({ service: keychainService });
    app = await createAppServices({ dataDir, shell: 'electron', projectRoot: process.cwd(), version: '0.1.0-test', keychainService, sandboxArgs: ['--block-time', '1'], log: (line) => said.push(line) });
    await eventually(async () => (await app.handlers['sandbox.status']({}, ctx)).state === 'running', 'the sandbox to run');
  });
  afterAll(async () => {
    await app.close();
    for (const id of ['local', 'hosted']) await keychain.delete(id);
    await keychain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every key out of the data folder and out of every answer, error and event', async () => {
    const { handlers, topics } = app;
    const origin = new URL(shared.info.rpcUrl).origin;
    record(await handlers['credentials.set']({ networkId: 'mainnet', ...HOSTED }, ctx));
    const custom = record(await handlers['networks.add']({ ...none, name: 'Refusing node', family: 'evm', chainId: 31337, rpcUrl: `${origin}/local/v3/`, wsUrl: `${origin.replace('http', 'ws')}/local/ws/v3/` }, ctx)) as { id: string };
    record(await handlers['credentials.set']({ networkId: custom.id, ...CUSTOM }, ctx));
    const placeholder = record(await handlers['networks.add']({ ...none, name: 'Key in the query', family: 'evm', chainId: 5, rpcUrl: 'http://127.0.0.1:9/rpc?token={key}' }, ctx)) as { id: string };
    record(await handlers['credentials.set']({ networkId: placeholder.id, ...CUSTOM }, ctx));

    // Use the handlers: lists, probes that succeed and fail (401 with the key in the URL, refused connection,
    // unknown host), live health with errors, settings, refusals.
    record(await handlers['networks.list']({}, ctx));
    for (const networkId of ['local', 'mainnet', custom.id, placeholder.id, 'starknet-mainnet']) record(await handlers['networks.test']({ networkId }, ctx));
    record(await collectTopic(topics, 'network.health', { networkId: 'local' }, (events) => events.filter((event) => event.head).length >= 2));
    record(await collectTopic(topics, 'network.health', { networkId: custom.id }, (events) => events.filter((event) => event.state === 'error').length >= 2));
    record(await collectTopic(topics, 'network.health', { networkId: placeholder.id }, (events) => events.filter((event) => event.state === 'error').length >= 2));
    record(await collectTopic(topics, 'sandbox.status', {}, (events) => events.length >= 1));
    record(await handlers['settings.update']({ theme: 'light' }, ctx));
    record(await handlers['sandbox.status']({}, ctx));
    record(await refusal(handlers, 'credentials.set', { networkId: 'local', apiKey: HOSTED.apiKey }));
    record(await handlers['networks.update']({ networkId: custom.id, network: { ...none, name: 'Renamed', family: 'evm', chainId: 31337, rpcUrl: `${origin}/local/v3/` } }, ctx));
    const local = (await keychain.get('local'))!;
    expect(local.apiKey).toMatch(/^[0-9a-f]{32}$/);

    const answers = said.join('\n');
    const leaks = (text: string, credential: { apiKey: string; apiSecret?: string }) => spellings(credential).filter((form) => text.includes(form));
    for (const credential of [HOSTED, CUSTOM, local]) expect(leaks(answers, credential)).toEqual([]);
    for (const credential of [HOSTED, CUSTOM, local]) expect(leaks(app.redact(`${answers} ${spellings(credential).join(' ')}`), credential)).toEqual([]);

    // Close (the store flushes its WAL, the sandbox saves its chain), then read every file as bytes.
    await app.close();
    // A canary holding one spelling of the Local key proves the scan finds what it looks for.
    fs.writeFileSync(path.join(dataDir, 'canary.txt'), `x${spellings(local).at(-1)}x`);
    const files = filesUnder(dataDir);
    expect([...files.keys()]).toContain('blockglass.sqlite');
    const found: string[] = [];
    for (const [file, bytes] of files) {
      for (const credential of [HOSTED, CUSTOM, local]) {
        for (const form of spellings(credential)) {
          if (bytes.includes(Buffer.from(form, 'utf8')) || bytes.includes(Buffer.from(form, 'utf16le'))) found.push(`${file}: ${form.slice(0, 4)}…`);
        }
      }
    }
    expect(files.has(path.join('sandbox', 'keys.json'))).toBe(true);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((entry) => entry.startsWith('canary.txt:'))).toBe(true);
  });
});
