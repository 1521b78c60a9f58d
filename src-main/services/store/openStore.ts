import fs from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { BlockglassError } from '../errors/blockglassError';
import { createNetworkRows, type NetworkRows } from './createNetworkRows';
import { createSettings, type Settings } from './createSettings';
import { migrate } from './migrate';
import { createSecretGuard } from './createSecretGuard';
import { StoreClosedError, StoreOpenError, type StoredRowInvalidError } from './storeErrors';

/** The file name of the database inside the app's data folder. */
export const STORE_FILE = 'blockglass.sqlite';

/** How long a write waits for another connection's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/** The app's one database: typed accessors, a secret guard, and the raw connection for later accessors. */
export interface Store {
  /** Absolute path of the database file. */
  readonly file: string;
  /**
   * The libsql connection (better-sqlite3's API), for accessors of the other tables. Writers must pass what
   * they write through `assertNoSecrets` first. libsql 0.5 quirk: `get()` adds a `_metadata` field and ignores
   * `pluck()`; use `all()`.
   */
  readonly db: Database.Database;
  readonly settings: Settings;
  readonly networks: NetworkRows;
  /** Registers a source of known secrets; every accessor's write is then refused if it contains one. */
  refuseSecrets(getKnownSecrets: () => readonly string[]): void;
  /** Throws a `SecretInStoreError` about `what` if any text contains a known secret. */
  assertNoSecrets(what: string, ...texts: string[]): void;
  /**
   * Runs `work` in one IMMEDIATE transaction (or inside the one already open), committing when it returns. After
   * `close()` it throws a `StoreClosedError` and runs nothing.
   */
  transaction<T>(work: () => T): T;
  /** `PRAGMA integrity_check`: `['ok']` for a sound file, otherwise one line per problem. */
  integrityCheck(): string[];
  /** Closes the connection; a second call does nothing. */
  close(): void;
}

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /** Hears about damaged rows that list accessors skip (default: a warning on stderr). */
  onInvalidRow?: (error: StoredRowInvalidError) => void;
  /** Clock for row timestamps (tests). */
  now?: () => number;
}

/**
 * Opens (creating it if needed) `<dataDir>/blockglass.sqlite` and brings its schema up to date.
 *
 * WAL journal, so readers never block the writer. `synchronous = FULL`: each commit is fsynced to the WAL
 * before it returns, so a committed change survives power loss as well as a crash; NORMAL would only
 * survive crashes of the app. Writes here are few and small (settings, networks, saved queries, a gas
 * sample per block); bulk writers (the chain cache) should batch rows into one transaction. Foreign keys
 * on; a busy timeout so a second connection waits instead of failing at once. The folder is created
 * private (0700) and the file made 0600: it holds no secrets, but it holds a person's history and labels.
 */
export function openStore(dataDir: string, options: OpenStoreOptions = {}): Store {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, STORE_FILE);
  let db: Database.Database;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    db = new Database(file);
  } catch (error) {
    throw new StoreOpenError(file, error);
  }
  try {
    fs.chmodSync(file, 0o600); // SQLite gives the -wal and -shm files the database file's mode
    const journal = db.prepare('PRAGMA journal_mode = WAL').pluck().all()[0];
    if (journal !== 'wal') throw new Error(`the journal mode stayed ${String(journal)}, WAL is required`);
    db.exec(`PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS};`);
    migrate(db, file);
  } catch (error) {
    db.close();
    if (error instanceof BlockglassError) throw error; // schema too new, failed step: already explained
    throw new StoreOpenError(file, error);
  }

  const guard = createSecretGuard();
  const now = options.now ?? Date.now;
  // libsql 0.5 aborts the process (a Rust panic, not an exception) when a closed connection's `inTransaction` is
  // read, so `transaction` checks this first: work that ends during shutdown gets an error it can catch.
  let open = true;
  const onInvalidRow =
    options.onInvalidRow ?? ((error: StoredRowInvalidError) => process.stderr.write(`[store] ${error.shortMessage}: ${error.details ?? ''}\n`));

  return {
    file,
    db,
    settings: createSettings(db, guard),
    networks: createNetworkRows(db, guard, onInvalidRow, now),
    refuseSecrets: guard.refuseSecrets,
    assertNoSecrets: guard.assertNoSecrets,
    transaction(work) {
      if (!open) throw new StoreClosedError(file);
      if (db.inTransaction) return work();
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = work();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    integrityCheck: () => db.prepare('PRAGMA integrity_check').pluck().all() as string[],
    close: () => {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
