import { describe, expect, it } from 'vitest';
import { openStore } from './openStore';
import { useTempDataDirs } from './testing/tempDataDir';

const tempDir = useTempDataDirs();

describe('store.settings', () => {
  it('sets, reads, replaces and deletes a typed setting', () => {
    const store = openStore(tempDir());
    expect(store.settings.get('selectedNetworkId')).toBeUndefined();
    store.settings.set('selectedNetworkId', 'mainnet');
    store.settings.set('selectedNetworkId', 'local');
    expect(store.settings.get('selectedNetworkId')).toBe('local');
    expect(store.settings.delete('selectedNetworkId')).toBe(true);
    expect(store.settings.delete('selectedNetworkId')).toBe(false);
    store.close();
  });

  it('checks values on the way in', () => {
    const store = openStore(tempDir());
    expect(() => store.settings.set('selectedNetworkId', 'Not An Id')).toThrow(/network id/);
    expect(store.settings.get('selectedNetworkId')).toBeUndefined();
    store.close();
  });

  it.each([
    ['not JSON', '"unterminated', 'Its value is not JSON'],
    ['the wrong type', '42', 'Invalid input: expected string, received number'],
    ['an invalid id', '"UPPER CASE"', 'a network id is 1 to 64 lowercase letters, digits or dashes'],
  ])('explains a damaged value (%s) on the way out', (_what, raw, problem) => {
    const store = openStore(tempDir());
    // json_valid would refuse bad JSON; a damaged file or another program could still hold it.
    store.db.exec('PRAGMA ignore_check_constraints = ON');
    store.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('selectedNetworkId', raw);
    expect(() => store.settings.get('selectedNetworkId')).toThrow(
      expect.objectContaining({
        name: 'StoredRowInvalidError',
        shortMessage: 'The saved setting “selectedNetworkId” is damaged',
        details: `${problem}. Delete it and enter it again.`,
      }),
    );
    store.close();
  });
});
