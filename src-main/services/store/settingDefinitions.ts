import { z } from 'zod';
import { networkIdSchema } from '../../../src-shared/networks/network';

/**
 * Every setting the store keeps, with the schema its value is checked against on the way in and out. Add a
 * setting here; its accessor types follow.
 */
export const SETTING_DEFINITIONS = {
  /** The network the app shows; unset means the Local network. */
  selectedNetworkId: networkIdSchema,
  /** The app's colour theme; unset means follow the system. */
  theme: z.enum(['light', 'dark', 'system']),
} satisfies Record<string, z.ZodType>;

/** The name of a setting. */
export type SettingKey = keyof typeof SETTING_DEFINITIONS;

/** The value type of setting `K`. */
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_DEFINITIONS)[K]>;
