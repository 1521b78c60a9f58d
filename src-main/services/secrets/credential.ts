// SECURITY: keys live only in the OS keychain and main-process memory. Validation messages must never
// repeat the value they refuse.
import { credentialIdSchema } from '../../../src-shared/networks/network';
import { CredentialInputError } from './keychainErrors';

/** An API key and its optional secret (the hosted service's "API key secret", used in basic auth). */
export interface Credential {
  apiKey: string;
  apiSecret?: string;
}

/** What the renderer may know about a credential: whether it is set, and a hint that cannot rebuild it. */
export interface CredentialStatus {
  configured: boolean;
  hint?: string;
}

// 1 to 256 characters, none of them white space or control, format, private-use, unassigned or lone surrogates.
const KEY_TEXT = /^[^\p{White_Space}\p{C}]{1,256}$/u;

/** Throws a `CredentialInputError` unless `credentialId` is 1 to 64 lowercase letters, digits or dashes. */
export function checkCredentialId(credentialId: unknown): asserts credentialId is string {
  if (!credentialIdSchema.safeParse(credentialId).success) {
    throw new CredentialInputError('The credential id is not valid', {
      details: 'A credential id is 1 to 64 lowercase letters, digits or dashes.',
    });
  }
}

/**
 * The credential to store, checked: a key of 1 to 256 printable characters without spaces, and the same for
 * the secret when there is one (an empty secret means none). Throws a `CredentialInputError` otherwise.
 */
export function checkCredential(credential: unknown): Credential {
  const { apiKey, apiSecret } = (credential ?? {}) as { apiKey?: unknown; apiSecret?: unknown };
  if (typeof apiKey !== 'string' || !KEY_TEXT.test(apiKey)) {
    throw new CredentialInputError('The API key is not valid', {
      details: 'An API key is 1 to 256 characters, with no spaces or control characters.',
    });
  }
  if (apiSecret === undefined || apiSecret === null || apiSecret === '') return { apiKey };
  if (typeof apiSecret !== 'string' || !KEY_TEXT.test(apiSecret)) {
    throw new CredentialInputError('The API key secret is not valid', {
      details: 'A secret is 1 to 256 characters, with no spaces or control characters; leave it empty if there is none.',
    });
  }
  return { apiKey, apiSecret };
}
