import crypto from 'node:crypto';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { basicAuthToken } from './basicAuthorization';
import { createSecretStore, type SecretStore } from './createSecretStore';
import { describeWithKeychain } from './testing/keyringSession';

// A service name of its own per run, so runs never see each other's entries.
const service = `blockglass-test-${crypto.randomBytes(4).toString('hex')}`;

describeWithKeychain('createSecretStore on the real keychain', () => {
  let store: SecretStore;
  beforeAll(() => {
    store = createSecretStore({ service });
  });
  afterAll(async () => {
    for (const id of ['hosted', 'other', 'unicode', 'foreign']) await store.delete(id);
    await store.close();
  });

  it('stores, reads, describes and deletes a key with its secret', async () => {
    const key = 'a1b2c3d4e5f60718293a4b5c6d7ef9e0';
    await store.set('hosted', { apiKey: key, apiSecret: 'the-secret-01' });
    expect(await store.get('hosted')).toEqual({ apiKey: key, apiSecret: 'the-secret-01' });
    expect(await store.status('hosted')).toEqual({ configured: true, hint: 'a1b2…f9e0' });
    expect(await store.delete('hosted')).toBe(true);
    expect(await store.get('hosted')).toBeUndefined();
    expect(await store.status('hosted')).toEqual({ configured: false });
    expect(await store.delete('hosted')).toBe(false);
  });

  it('overwrites a credential entirely, dropping a secret that is not given again', async () => {
    await store.set('hosted', { apiKey: 'first-key-0000000000', apiSecret: 'first-secret' });
    await store.set('hosted', { apiKey: 'second-key-111111111' });
    expect(await store.get('hosted')).toEqual({ apiKey: 'second-key-111111111' });
    await store.set('hosted', { apiKey: 'third-key-2222222222', apiSecret: '' });
    expect(await store.get('hosted')).toEqual({ apiKey: 'third-key-2222222222' });
  });

  it('keeps credentials apart by id', async () => {
    await store.set('hosted', { apiKey: 'hosted-key-000000000' });
    await store.set('other', { apiKey: 'other-key-0000000000' });
    expect((await store.get('hosted'))?.apiKey).toBe('hosted-key-000000000');
    expect((await store.get('other'))?.apiKey).toBe('other-key-0000000000');
    await store.delete('other');
    expect((await store.get('hosted'))?.apiKey).toBe('hosted-key-000000000');
  });

  it('round-trips unicode keys and secrets', async () => {
    const apiKey = 'ключ-🔑-鍵-ﬀ-0123456789';
    await store.set('unicode', { apiKey, apiSecret: 'sécret-✓' });
    expect(await store.get('unicode')).toEqual({ apiKey, apiSecret: 'sécret-✓' });
    expect(await store.status('unicode')).toEqual({ configured: true, hint: 'ключ…6789' });
  });

  it('writes to the Secret Service itself, one JSON entry per credential (no silent fallback)', async () => {
    await store.set('hosted', { apiKey: 'direct-key-000000000', apiSecret: 's' });
    const raw = await new AsyncEntry(service, 'hosted', { linux: { store: 'secret-service' } }).getPassword();
    expect(JSON.parse(raw ?? 'null')).toEqual({ v: 1, apiKey: 'direct-key-000000000', apiSecret: 's' });
  });

  it('refuses an entry another program wrote, without showing its content', async () => {
    await new AsyncEntry(service, 'foreign', { linux: { store: 'secret-service' } }).setPassword('plain-text-password');
    const error = await store.get('foreign').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'StoredCredentialInvalidError', code: 'STORED_CREDENTIAL_INVALID' });
    expect(String((error as Error).message)).toMatchInlineSnapshot(`
      "The keychain entry for “foreign” is not a Blockglass credential

      Details: Another program may have written it. Enter the key again to replace it."
    `);
    expect(String((error as Error).message)).not.toContain('plain-text-password');
  });

  it('reuses a read for a while (one keychain call per burst of requests), but never after its own write or delete', async () => {
    const reusing = createSecretStore({ service, rememberMs: 60_000 });
    const asking = createSecretStore({ service, rememberMs: 0 });
    try {
      await store.set('other', { apiKey: 'before-key-000000000' });
      const reads = await Promise.all([reusing.get('other'), reusing.get('other'), reusing.get('other')]);
      expect(reads.map((read) => read?.apiKey)).toEqual(['before-key-000000000', 'before-key-000000000', 'before-key-000000000']);
      // Another program (here another store) changes the entry: the reusing store keeps its read, the other asks.
      await new AsyncEntry(service, 'other', { linux: { store: 'secret-service' } }).setPassword(JSON.stringify({ v: 1, apiKey: 'outside-key-00000000' }));
      expect((await reusing.get('other'))?.apiKey).toBe('before-key-000000000');
      expect((await asking.get('other'))?.apiKey).toBe('outside-key-00000000');
      await reusing.set('other', { apiKey: 'after-key-0000000000' });
      expect((await reusing.get('other'))?.apiKey).toBe('after-key-0000000000');
      await reusing.delete('other');
      expect(await reusing.get('other')).toBeUndefined();
    } finally {
      await reusing.close();
      await asking.close();
    }
  });

  it('remembers every key, secret and basic-auth token it has seen, for redaction', async () => {
    const fresh = createSecretStore({ service });
    await store.set('other', { apiKey: 'remembered-key-00000', apiSecret: 'remembered-secret' });
    expect(fresh.knownSecrets()).toEqual([]);
    await fresh.status('other');
    expect(fresh.knownSecrets().sort()).toEqual(
      ['remembered-key-00000', 'remembered-secret', basicAuthToken('remembered-key-00000', 'remembered-secret')].sort(),
    );
    await fresh.close();
  });

  it.each([
    ['an empty key', 'hosted', { apiKey: '' }, 'The API key is not valid'],
    ['a key with a space', 'hosted', { apiKey: 'abc def-secret-value' }, 'The API key is not valid'],
    ['a key with a newline', 'hosted', { apiKey: 'abc\ndef-secret-value' }, 'The API key is not valid'],
    ['a key over 256 characters', 'hosted', { apiKey: 'k'.repeat(257) }, 'The API key is not valid'],
    ['a secret with a tab', 'hosted', { apiKey: 'fine-key', apiSecret: 'bad\tsecret-value' }, 'The API key secret is not valid'],
    ['a bad credential id', 'Hosted Key', { apiKey: 'fine-key' }, 'The credential id is not valid'],
    ['a credential id over 64 characters', 'x'.repeat(65), { apiKey: 'fine-key' }, 'The credential id is not valid'],
  ])('refuses %s without writing or echoing it', async (_what, id, credential, shortMessage) => {
    await store.set('hosted', { apiKey: 'unchanged-key-000000' });
    const error = await store.set(id, credential).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'CredentialInputError', code: 'INVALID_CREDENTIAL', shortMessage });
    for (const value of Object.values(credential)) if (value.length > 2) expect(String((error as Error).message)).not.toContain(value);
    expect((await store.get('hosted'))?.apiKey).toBe('unchanged-key-000000');
  });
});
