import { z } from 'zod';
import { networkIdSchema } from '../../../src-shared/networks/network';
import { GAS_POLL_SECONDS, GAS_RETENTION_DAYS } from '../../../src-shared/api/gas';

/**
 * Every setting the store keeps, with the schema its value is checked against on the way in and out. Add a
 * setting here; its accessor types follow.
 */
export const SETTING_DEFINITIONS = {
  /** The network the app shows; unset means the Local network. */
  selectedNetworkId: networkIdSchema,
  /** The app's colour theme; unset means follow the system. */
  theme: z.enum(['light', 'dark', 'system']),
  /** Seconds between two gas polls of a network; unset means GAS_POLL_SECONDS.default. */
  gasPollSeconds: z.number().int().min(GAS_POLL_SECONDS.min).max(GAS_POLL_SECONDS.max),
  /** Days gas samples are kept; unset means GAS_RETENTION_DAYS.default. */
  gasRetentionDays: z.number().int().min(GAS_RETENTION_DAYS.min).max(GAS_RETENTION_DAYS.max),
  /** Networks the gas dashboard shows side by side; unset means the selected network alone. */
  gasCompare: z.array(networkIdSchema).max(6),
  /** The price of one ETH a person set per network (services/prices): a decimal, its ISO 4217 currency, when it was set (Unix ms). */
  ethPrices: z.record(networkIdSchema, z.strictObject({ amount: z.string().regex(/^\d+(\.\d+)?$/), currency: z.string().regex(/^[A-Z]{3}$/), setAt: z.number().int().nonnegative() })),
} satisfies Record<string, z.ZodType>;

/** The name of a setting. */
export type SettingKey = keyof typeof SETTING_DEFINITIONS;

/** The value type of setting `K`. */
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_DEFINITIONS)[K]>;
