import { z } from 'zod';
import { method } from './define';

// Area `settings`: what a person changes in the app.

/** Settings a person changes in the app. */
export interface SettingsView {
  theme: 'light' | 'dark' | 'system';
}

/** The methods of area `settings`. */
export const settingsMethods = {
  /** The person's settings. */
  'settings.get': method<SettingsView>()({ input: z.strictObject({}), doc: "The person's settings." }),
  /** Changes some settings; answers all of them. */
  'settings.update': method<SettingsView>()({
    input: z.strictObject({ theme: z.enum(['light', 'dark', 'system']).optional() }),
    doc: 'Changes settings; answers all of them.',
  }),
} as const;
