import type { SettingsView } from '../../../src-shared/api/settings';
import type { Store } from '../store/openStore';

/** The person's theme, kept in the store's typed settings. */
export interface ThemeSetting {
  /** The stored theme; `system` when none is stored or the stored one is damaged. */
  get(): SettingsView['theme'];
  set(theme: SettingsView['theme']): void;
}

/**
 * The theme over `store.settings`; a damaged row falls back to `system` rather than breaking the app's look,
 * and is logged (once), not silently replaced.
 */
export function createThemeSetting(store: Store, log: (line: string) => void = () => {}): ThemeSetting {
  let reported = false;
  return {
    get() {
      try {
        return store.settings.get('theme') ?? 'system';
      } catch (error) {
        if (!reported) log(`store: the saved theme is damaged, showing the system theme until one is chosen: ${(error as Error).message}`);
        reported = true;
        return 'system';
      }
    },
    set(theme) {
      store.settings.set('theme', theme);
    },
  };
}
