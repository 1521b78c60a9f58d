import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import type { ApiError } from './apiError';
import { method } from './define';

// Area `credentials`: a network's API key, which goes in and never comes back out.

/** Whether a network's credential has a key, and a hint of it (`a1b2…f9e0`); never the key. */
export interface CredentialView {
  configured: boolean;
  hint?: string;
  /** Set when the keychain could not be asked. */
  error?: ApiError;
}

/** API keys as a person pastes them: printable, no spaces. Validated again by the keychain service. */
const apiKeySchema = z.string().trim().min(1, 'Enter the API key.').max(256).regex(/^[^\s]+$/, 'An API key has no spaces.');

/** The methods of area `credentials`. */
export const credentialMethods = {
  /** Stores a network's key (and secret) in the OS keychain; answers only `{ configured, hint }`. */
  'credentials.set': method<CredentialView>()({
    input: z.strictObject({ networkId: networkIdSchema, apiKey: apiKeySchema, apiSecret: z.string().max(256).optional() }),
    doc: "Stores a network's key in the OS keychain.",
  }),
  /** Removes a network's key from the OS keychain. */
  'credentials.delete': method<CredentialView>()({ input: z.strictObject({ networkId: networkIdSchema }), doc: "Removes a network's key from the OS keychain." }),
} as const;
