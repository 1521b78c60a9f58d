import { z } from 'zod';
import type { SettingsView } from '../../../src-shared/api/views';
import type { Store } from '../store/openStore';

const themeSchema = z.enum(['light', 'dark', 'system']);
const KEY = 'theme';

/** The person's theme, kept in the store's `settings` table. */
export interface ThemeSetting {
  /** The stored theme; `system` when none is stored or the stored one is damaged. */
  get(): SettingsView['theme'];
  set(theme: SettingsView['theme']): void;
}

/**
 * The theme on the store's `settings` table (key `theme`, a JSON string), written through the store's secret
 * guard like every other write. The store's typed settings do not know `theme` yet (its definitions live in
 * store/, outside this folder); this accessor uses the same table and format, so adding `theme` to
 * `SETTING_DEFINITIONS` later reads the same rows.
 */
export function createThemeSetting(store: Store): ThemeSetting {
  const select = store.db.prepare('SELECT value FROM settings WHERE key = ?');
  const upsert = store.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    get() {
      // libsql 0.5: `get()` adds a `_metadata` field and ignores `pluck()`; `all()` behaves.
      const [text] = select.pluck().all(KEY) as string[];
      if (text === undefined) return 'system';
      try {
        const parsed = themeSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : 'system';
      } catch {
        return 'system';
      }
    },
    set(theme) {
      const text = JSON.stringify(themeSchema.parse(theme));
      store.assertNoSecrets('the setting “theme”', text);
      upsert.run(KEY, text);
    },
  };
}
