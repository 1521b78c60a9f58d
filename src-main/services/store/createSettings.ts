import type Database from 'libsql';
import type { SecretGuard } from './createSecretGuard';
import { SETTING_DEFINITIONS, type SettingKey, type SettingValue } from './settingDefinitions';
import { StoredRowInvalidError } from './storeErrors';

/** Typed access to the `settings` table. */
export interface Settings {
  /** The value of `key`, or undefined when unset; throws a `StoredRowInvalidError` if the stored value is damaged. */
  get<K extends SettingKey>(key: K): SettingValue<K> | undefined;
  /** Sets `key`, after checking the value against its schema and the secret guard. */
  set<K extends SettingKey>(key: K, value: SettingValue<K>): void;
  /** Removes `key`; false when it was unset. */
  delete(key: SettingKey): boolean;
}

/** The settings accessor over an open database. */
export function createSettings(db: Database.Database, guard: SecretGuard): Settings {
  const select = db.prepare('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');

  return {
    get(key) {
      const [text] = select.pluck().all(key) as string[];
      if (text === undefined) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new StoredRowInvalidError('settings', key, 'Its value is not JSON');
      }
      const parsed = SETTING_DEFINITIONS[key].safeParse(json);
      if (!parsed.success) throw new StoredRowInvalidError('settings', key, parsed.error.issues[0]?.message ?? 'Its value is not valid');
      return parsed.data as SettingValue<typeof key>;
    },

    set(key, value) {
      const parsed = SETTING_DEFINITIONS[key].parse(value);
      const text = JSON.stringify(parsed);
      guard.assertNoSecrets(`the setting “${key}”`, text);
      upsert.run(key, text);
    },

    delete(key) {
      return remove.run(key).changes > 0;
    },
  };
}
