import { BlockglassError } from '../errors/blockglassError';

/** The database file could not be opened or set up (not a database, no permission, disk full). */
export class StoreOpenError extends BlockglassError {
  override name = 'StoreOpenError';
  constructor(file: string, cause: unknown) {
    super('Blockglass could not open its data file', {
      code: 'STORE_OPEN_FAILED',
      details: `${file}: ${cause instanceof Error ? cause.message : String(cause)}. If the file is damaged, move it aside: Blockglass starts a fresh one (custom networks, saved queries and labels would be lost).`,
      cause,
    });
  }
}

/**
 * A write asked for after the app closed its database (work that finished during shutdown). libsql aborts the whole
 * process when a closed connection is asked whether it is in a transaction, so the store refuses first, in words.
 */
export class StoreClosedError extends BlockglassError {
  override name = 'StoreClosedError';
  constructor(file: string) {
    super('Blockglass has already closed its data file', {
      code: 'STORE_CLOSED',
      details: `${file} was closed (the app is shutting down); nothing was written.`,
    });
  }
}

/** The database was written by a newer Blockglass, with schema steps this one does not know. */
export class StoreSchemaTooNewError extends BlockglassError {
  override name = 'StoreSchemaTooNewError';
  constructor(file: string, found: number, known: number) {
    super('The data file was written by a newer version of Blockglass', {
      code: 'STORE_SCHEMA_TOO_NEW',
      details: `${file} is at schema version ${found}; this version knows up to ${known}. Update Blockglass to open it.`,
    });
  }
}

/** A schema step failed; it was rolled back and the database is as before it. */
export class StoreMigrationError extends BlockglassError {
  override name = 'StoreMigrationError';
  constructor(version: number, name: string, cause: unknown) {
    super(`Updating the data file failed at step ${version} (${name})`, {
      code: 'STORE_MIGRATION_FAILED',
      details: 'The step was rolled back: the data file is as it was before. Blockglass tries again when it next opens.',
      nodeSaid: cause instanceof Error ? cause.message : String(cause),
      cause,
    });
  }
}

/** A stored row does not parse or fails its schema: named, not crashing the app. */
export class StoredRowInvalidError extends BlockglassError {
  override name = 'StoredRowInvalidError';
  constructor(
    readonly table: string,
    readonly rowKey: string,
    problem: string,
  ) {
    super(`The saved ${describeTable(table)} “${rowKey}” is damaged`, {
      code: 'STORED_ROW_INVALID',
      details: `${problem}. Delete it and enter it again.`,
    });
  }
}

/** A value that contains a known API key or secret: the database never holds one. */
export class SecretInStoreError extends BlockglassError {
  override name = 'SecretInStoreError';
  constructor(what: string) {
    super(`Refused to save ${what}: it contains an API key or secret`, {
      code: 'SECRET_IN_STORE',
      details: 'Keys are kept only in the system keychain. Remove the key from it and enter the key in the key field instead.',
    });
  }
}

function describeTable(table: string): string {
  return table === 'settings' ? 'setting' : table === 'networks' ? 'network' : `row of ${table}`;
}
