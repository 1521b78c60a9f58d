// SECURITY: makes the Local sandbox's key and secret. They go to the keychain and to the sandbox's
// environment, nowhere else.
import crypto from 'node:crypto';
import type { Credential } from '../secrets/credential';

/** Keys the sandbox accepts (its `--key` rule): 1 to 128 of A-Z, a-z, 0-9, `-`, `_`. */
export const SANDBOX_KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** A fresh random key (32 hex characters, like the hosted service's) and secret (48 hex characters). */
export function generateSandboxCredential(): Required<Credential> {
  return { apiKey: crypto.randomBytes(16).toString('hex'), apiSecret: crypto.randomBytes(24).toString('hex') };
}

/** Whether a stored credential can be handed to the sandbox as it is. */
export function isSandboxCredential(credential: Credential): boolean {
  return SANDBOX_KEY_PATTERN.test(credential.apiKey) && (credential.apiSecret === undefined || SANDBOX_KEY_PATTERN.test(credential.apiSecret));
}
