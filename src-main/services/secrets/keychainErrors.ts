// SECURITY: keys live only in the OS keychain and main-process memory. These errors travel to the renderer
// and to logs: they describe the keychain, never a key or secret.
import { BlockglassError, type BlockglassErrorOptions } from '../errors/blockglassError';

/** How to get a working keychain on this platform, for error details. */
export function keychainFixHint(platform: NodeJS.Platform = process.platform): string {
  switch (platform) {
    case 'darwin':
      return 'Open Keychain Access and unlock the “login” keychain, then try again.';
    case 'win32':
      return 'Check that Windows Credential Manager is available for your account, then try again.';
    default:
      return (
        'Unlock the “Login” keyring (in Passwords and Keys, or by signing in to the desktop again). ' +
        'If there is no keyring, install a Secret Service such as gnome-keyring (apt-get install gnome-keyring) ' +
        'and start it with your session; without a desktop, run Blockglass under scripts/keyring-session.sh.'
      );
  }
}

/**
 * The OS keychain did not answer in time or cannot be reached (locked, missing Secret Service, no D-Bus).
 * Nothing was read or written.
 */
export class KeychainUnavailableError extends BlockglassError {
  override name = 'KeychainUnavailableError';
  constructor(shortMessage: string, options: Omit<BlockglassErrorOptions, 'code'> = {}) {
    super(shortMessage, { ...options, code: 'KEYCHAIN_UNAVAILABLE' });
  }
}

/** The OS keychain answered with a refusal or failure other than being unreachable. */
export class KeychainError extends BlockglassError {
  override name = 'KeychainError';
  constructor(shortMessage: string, options: Omit<BlockglassErrorOptions, 'code'> = {}) {
    super(shortMessage, { ...options, code: 'KEYCHAIN_FAILED' });
  }
}

/** A keychain call given something other than a well-formed credential id, key or secret. */
export class CredentialInputError extends BlockglassError {
  override name = 'CredentialInputError';
  constructor(shortMessage: string, options: Omit<BlockglassErrorOptions, 'code'> = {}) {
    super(shortMessage, { ...options, code: 'INVALID_CREDENTIAL' });
  }
}

/** A keychain entry under Blockglass's service name that is not in Blockglass's format. */
export class StoredCredentialInvalidError extends BlockglassError {
  override name = 'StoredCredentialInvalidError';
  constructor(credentialId: string) {
    super(`The keychain entry for “${credentialId}” is not a Blockglass credential`, {
      code: 'STORED_CREDENTIAL_INVALID',
      details: 'Another program may have written it. Enter the key again to replace it.',
    });
  }
}
