import type { KeychainMode } from '../../../src-shared/api/app';
import type { MethodHandlers } from '../../../src-shared/api/types';

/** What `app.info` tells: the shell, the version, where keys are kept this run. */
export interface AppFacts {
  version: string;
  shell: 'electron' | 'web';
  keychain: () => KeychainMode;
}

/** Handlers of `app.*`. */
export function appHandlers(app: AppFacts): Pick<MethodHandlers, 'app.info'> {
  return {
    'app.info': async () => ({ name: 'Blockglass', version: app.version, shell: app.shell, keychain: app.keychain() }),
  };
}
