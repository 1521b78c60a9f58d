import type { MethodHandlers } from '../../../src-shared/api/types';
import type { AppDeps } from './appDeps';

/** Handlers of `settings.*` and `app.info`. */
export function settingsHandlers({ theme, app }: AppDeps): Pick<MethodHandlers, 'settings.get' | 'settings.update' | 'app.info'> {
  return {
    'settings.get': async () => ({ theme: theme.get() }),
    'settings.update': async (input) => {
      if (input.theme !== undefined) theme.set(input.theme);
      return { theme: theme.get() };
    },
    'app.info': async () => ({ name: 'Blockglass', version: app.version, shell: app.shell, keychain: app.keychain() }),
  };
}
