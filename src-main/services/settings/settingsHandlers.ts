import type { MethodHandlers } from '../../../src-shared/api/types';
import type { ThemeSetting } from './themeSetting';

/** Handlers of `settings.*`. */
export function settingsHandlers({ theme }: { theme: ThemeSetting }): Pick<MethodHandlers, 'settings.get' | 'settings.update'> {
  return {
    'settings.get': async () => ({ theme: theme.get() }),
    'settings.update': async (input) => {
      if (input.theme !== undefined) theme.set(input.theme);
      return { theme: theme.get() };
    },
  };
}
