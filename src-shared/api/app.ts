import { z } from 'zod';
import { method } from './define';

// Area `app`: which shell hosts the app and what it is.

/** Where API keys are kept in this run: see {@link AppInfo.keychain}. */
export type KeychainMode = 'system' | 'private' | 'memory';

/** Which shell hosts the app and what it is. */
export interface AppInfo {
  name: 'Blockglass';
  version: string;
  shell: 'electron' | 'web';
  /**
   * Where API keys are kept in this run: `system` the OS keychain; `private` a throwaway keyring the
   * launcher started for this run (no session keychain was reachable); `memory` this process's memory,
   * because no keychain could be reached at all. With `private` and `memory` keys are forgotten on quit.
   */
  keychain: KeychainMode;
}

/** The methods of area `app`. */
export const appMethods = {
  /** Which shell hosts the app, and its version. */
  'app.info': method<AppInfo>()({ input: z.strictObject({}), doc: 'Which shell hosts the app and its version.' }),
} as const;
