import { BlockglassError } from '../errors/blockglassError';

/** A built-in network (a preset or the Local sandbox) cannot be edited or deleted. */
export class NetworkReadOnlyError extends BlockglassError {
  override name = 'NetworkReadOnlyError';
  constructor(name: string) {
    super(`“${name}” is built in and cannot be changed or deleted`, {
      code: 'NETWORK_READ_ONLY',
      details: 'Add a custom network to use other addresses.',
    });
  }
}

/** What was entered for a custom network does not pass its schema; `data` maps each field to its problem. */
export class NetworkInputError extends BlockglassError {
  override name = 'NetworkInputError';
  constructor(fields: Record<string, string>) {
    super('The network is not valid', {
      code: 'INVALID_NETWORK',
      details: Object.entries(fields)
        .map(([field, message]) => `${field}: ${message}`)
        .join(' '),
      data: { fields },
    });
  }
}

/** The network needs an API key and none is stored for its credential. */
export class CredentialMissingError extends BlockglassError {
  override name = 'CredentialMissingError';
  constructor(networkName: string, credentialId: string) {
    super(`No API key is set for ${networkName}`, {
      code: 'CREDENTIAL_MISSING',
      details: `Enter the key for “${credentialId}” in Settings → API keys. It is kept in the system keychain.`,
      // Every screen that shows this error (ErrorNotice) offers the way to where the key is entered.
      fix: { label: 'Set the API key', route: '/settings/keys' },
    });
  }
}

/** The Local network's addresses exist only while its sandbox runs. */
export class LocalNetworkNotRunningError extends BlockglassError {
  override name = 'LocalNetworkNotRunningError';
  constructor() {
    super('The local sandbox is not running', {
      code: 'LOCAL_NOT_RUNNING',
      details: 'Start it (it starts by itself when the Local network is selected) and try again.',
    });
  }
}
