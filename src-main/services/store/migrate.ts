import type Database from 'libsql';
import { MIGRATIONS, type Migration } from './migrations';
import { StoreMigrationError, StoreSchemaTooNewError } from './storeErrors';

/**
 * Brings the database's schema up to date: applies each step after `user_version`, each in its own
 * IMMEDIATE transaction together with the version bump, so a crash or a failing step leaves the database
 * at the previous version. Refuses a database from a newer Blockglass. Returns the version reached.
 */
export function migrate(db: Database.Database, file: string, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = userVersion(db);
  if (current > migrations.length) throw new StoreSchemaTooNewError(file, current, migrations.length);
  for (let version = current + 1; version <= migrations.length; version++) {
    const step = migrations[version - 1] as Migration;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(step.sql);
      // user_version lives in the database header, which is part of the transaction.
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new StoreMigrationError(version, step.name, error);
    }
  }
  return migrations.length;
}

/** The schema version recorded in the database header. */
export function userVersion(db: Database.Database): number {
  // libsql 0.5's `get()` adds a `_metadata` field and ignores `pluck()`; `all()` behaves.
  return Number(db.prepare('PRAGMA user_version').pluck().all()[0] ?? 0);
}
