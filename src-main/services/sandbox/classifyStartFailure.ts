import type { ApiError } from '../../../src-shared/api/apiError';

/** Why the sandbox could not start, as the app says it: the reason, what to do, and whether retrying helps. */
export interface StartFailure {
  /** A restart will not cure it (no keychain, port taken, Anvil missing, data folder unwritable, not built). */
  permanent: boolean;
  /** One line: what went wrong, e.g. "its port is taken by another program". */
  reason: string;
  /** What the person can do about it. */
  fix: string;
}

// Each cause: the words its error carries (our messages, Node's error codes, the sandbox's last lines).
const CAUSES: { test: RegExp; failure: StartFailure }[] = [
  {
    test: /KEYCHAIN_UNAVAILABLE|Keychain|keychain/,
    failure: {
      permanent: true,
      reason: 'no keychain could be reached for its key',
      fix: 'Unlock or install the system keychain (Linux: gnome-keyring with dbus), then restart the sandbox in Settings.',
    },
  },
  {
    test: /EADDRINUSE|address already in use/i,
    failure: {
      permanent: true,
      reason: 'its port is taken by another program',
      fix: 'Stop the program that uses the port (or another Blockglass), then restart the sandbox in Settings.',
    },
  },
  {
    test: /Anvil binary (package|missing)|anvil-linux|@foundry-rs\/anvil|ENOENT[^\n]*anvil/i,
    failure: {
      permanent: true,
      reason: 'the Anvil node is not installed',
      fix: 'Run `npm install` in the Blockglass folder (Anvil comes with @foundry-rs/anvil-<platform>), then restart the sandbox.',
    },
  },
  {
    test: /EACCES|EPERM|EROFS|ENOTDIR|ENOSPC|EEXIST|not writable|read-only file system/i,
    failure: {
      permanent: true,
      reason: 'its data folder cannot be written',
      fix: 'Check that the app data folder is writable and the disk is not full, then restart the sandbox in Settings.',
    },
  },
  {
    test: /It is not built/,
    failure: { permanent: true, reason: 'the sandbox is not built', fix: 'Run `npm run build`, then restart the sandbox in Settings.' },
  },
];

/**
 * Sorts a failed start into a cause a restart will not cure (said once, never retried in a loop) or one it
 * may (a slow machine, a chain still seeding); reads the error's name, code, message, details and its last words (`nodeSaid`).
 */
export function classifyStartFailure(error: Pick<ApiError, 'shortMessage'> & Partial<ApiError>): StartFailure {
  const text = [error.name, error.code, error.shortMessage, error.details, error.nodeSaid].filter(Boolean).join('\n');
  for (const cause of CAUSES) if (cause.test.test(text)) return cause.failure;
  return { permanent: false, reason: error.shortMessage.replace(/^The local sandbox /, '').replace(/\.$/, ''), fix: 'Blockglass tries again; if it keeps failing, restart the sandbox in Settings or look at its last words below.' };
}
