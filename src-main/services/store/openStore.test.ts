import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations';
import { openStore, STORE_FILE } from './openStore';
import { useTempDataDirs } from './testing/tempDataDir';

const tempDir = useTempDataDirs();

/** The single value of a pragma (libsql's `get()` would add `_metadata`). */
function pragma(db: ReturnType<typeof openStore>['db'], name: string): unknown {
  return db.prepare(`PRAGMA ${name}`).pluck().all()[0];
}

describe('openStore', () => {
  it('creates one SQLite file in the data folder, in WAL mode, fsyncing each commit, with foreign keys and a busy timeout', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const store = openStore(dir);
    expect(store.file).toBe(path.join(dir, STORE_FILE));
    expect(pragma(store.db, 'journal_mode')).toBe('wal');
    expect(pragma(store.db, 'synchronous')).toBe(2); // FULL
    expect(pragma(store.db, 'foreign_keys')).toBe(1);
    expect(pragma(store.db, 'busy_timeout')).toBe(5000);
    expect(pragma(store.db, 'user_version')).toBe(MIGRATIONS.length);
    store.close();
  });

  it('makes the folder and file private to the user', () => {
    const dir = path.join(tempDir(), 'data');
    openStore(dir).close();
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, STORE_FILE)).mode & 0o777).toBe(0o600);
  });

  it('creates every table later features need, with the gas-sample index on chain and time', () => {
    const store = openStore(tempDir());
    const names = store.db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    expect(names).toEqual([
      'abis',
      'address_labels',
      'call_history',
      'call_history_by_network',
      'chain_cache',
      'content_names',
      'content_names_by_time',
      'content_recent',
      'content_recent_by_time',
      'gas_alert_events',
      'gas_alert_events_by_time',
      'gas_alerts',
      'gas_samples',
      'gas_samples_by_time',
      'history_coverage',
      'history_facts',
      'last_seen',
      'networks',
      'nonce_counts',
      'saved_log_queries',
      'sent_transactions',
      'settings',
      'token_transfers',
    ]);
    const indexColumns = store.db.prepare("SELECT name FROM pragma_index_info('gas_samples_by_time')").pluck().all();
    expect(indexColumns).toEqual(['chain', 'ts']);
    store.close();
  });

  it('keeps data across reopening and does not run migrations twice', () => {
    const dir = tempDir();
    const first = openStore(dir);
    first.settings.set('selectedNetworkId', 'sepolia');
    first.close();
    const second = openStore(dir);
    expect(second.settings.get('selectedNetworkId')).toBe('sepolia');
    expect(pragma(second.db, 'user_version')).toBe(MIGRATIONS.length);
    second.close();
  });

  it('refuses a file written by a newer Blockglass, untouched', () => {
    const dir = tempDir();
    const store = openStore(dir);
    store.db.exec(`PRAGMA user_version = ${MIGRATIONS.length + 1}`);
    store.close();
    expect(() => openStore(dir)).toThrow(
      expect.objectContaining({
        name: 'StoreSchemaTooNewError',
        shortMessage: 'The data file was written by a newer version of Blockglass',
        details: `${path.join(dir, STORE_FILE)} is at schema version ${MIGRATIONS.length + 1}; this version knows up to ${MIGRATIONS.length}. Update Blockglass to open it.`,
      }),
    );
  });

  it('explains a file that is not a database instead of crashing', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, STORE_FILE), 'not a database '.repeat(100));
    const error = (() => {
      try {
        openStore(dir);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ name: 'StoreOpenError', code: 'STORE_OPEN_FAILED', shortMessage: 'Blockglass could not open its data file' });
    expect((error as Error).message).toContain('file is not a database');
    expect((error as Error).message).toContain('move it aside');
  });

  it('commits a transaction as a whole or not at all, and joins an open one', () => {
    const store = openStore(tempDir());
    expect(() =>
      store.transaction(() => {
        store.settings.set('selectedNetworkId', 'mainnet');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.settings.get('selectedNetworkId')).toBeUndefined();
    store.transaction(() => {
      store.transaction(() => store.settings.set('selectedNetworkId', 'base-mainnet'));
    });
    expect(store.settings.get('selectedNetworkId')).toBe('base-mainnet');
    expect(store.integrityCheck()).toEqual(['ok']);
    store.close();
  });

  it('refuses a transaction after close with a StoreClosedError, running nothing, where libsql would abort the process', () => {
    const store = openStore(tempDir());
    store.close();
    store.close(); // twice is harmless
    let ran = false;
    expect(() =>
      store.transaction(() => {
        ran = true;
      }),
    ).toThrow(expect.objectContaining({ name: 'StoreClosedError', code: 'STORE_CLOSED', details: expect.stringContaining(store.file) }));
    expect(ran).toBe(false);
  });
});
