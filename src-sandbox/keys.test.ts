import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateKeys } from './keys';

// The sandbox's key store: a real folder, real scrypt.

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-keys-'));

describe('loadOrCreateKeys', () => {
  it('generates a key and secret on first start, then knows the key but not the secret', () => {
    const dir = folder();
    const first = loadOrCreateKeys(dir);
    expect(first.created).toBe(true);
    expect(first.key).toMatch(/^[0-9a-f]{32}$/);
    expect(first.secret).toMatch(/^[0-9a-f]{48}$/);
    const again = loadOrCreateKeys(dir);
    expect(again).toMatchObject({ key: first.key, secret: undefined, created: false });
    expect(again.verifySecret(first.key, first.secret!)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8')).not.toContain(first.secret!);
  });

  it('checks keys and secrets, refusing near misses', () => {
    const keys = loadOrCreateKeys(folder(), { key: 'k1', secret: 's1' });
    expect(keys.isValidKey('k1')).toBe(true);
    for (const wrong of ['k2', 'k1 ', '', 'K1']) expect(keys.isValidKey(wrong)).toBe(false);
    expect(keys.verifySecret('k1', 's1')).toBe(true);
    expect(keys.verifySecret('k1', 's2')).toBe(false);
    expect(keys.verifySecret('k2', 's1')).toBe(false);
    // Answers are remembered; a remembered wrong secret stays wrong.
    expect(keys.verifySecret('k1', 's2')).toBe(false);
    expect(keys.verifySecret('k1', 's1')).toBe(true);
  });

  it('keeps only hashes when the key is supplied on every start, and refuses to start without it', () => {
    const dir = folder();
    const keys = loadOrCreateKeys(dir, { key: 'envkey', secret: 'envsecret', storeKey: false });
    expect(keys.isValidKey('envkey')).toBe(true);
    const text = fs.readFileSync(path.join(dir, 'keys.json'), 'utf8');
    expect(text).not.toContain('envkey');
    expect(text).not.toContain('envsecret');
    expect(() => loadOrCreateKeys(dir)).toThrow(/keeps only a hash of its key/);
    expect(loadOrCreateKeys(dir, { key: 'envkey', secret: 'envsecret', storeKey: false }).verifySecret('envkey', 'envsecret')).toBe(true);
  });

  it('replaces the stored key when another is given', () => {
    const dir = folder();
    loadOrCreateKeys(dir, { key: 'old', secret: 'x' });
    const keys = loadOrCreateKeys(dir, { key: 'new', secret: 'y' });
    expect(keys.isValidKey('old')).toBe(false);
    expect(loadOrCreateKeys(dir).key).toBe('new');
  });

  it('refuses a key file that is not one, with a clear message', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'keys.json'), '{"hello":1}');
    expect(() => loadOrCreateKeys(dir)).toThrow(/is not a sandbox key file/);
  });
});
