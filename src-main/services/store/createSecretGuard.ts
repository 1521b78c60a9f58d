// SECURITY: the database must never hold a key or secret. Every accessor runs what it writes through this
// guard; do not add a write path that skips it.
import { containsSecret } from '../secrets/containsSecret';
import { SecretInStoreError } from './storeErrors';

/** Refuses values that contain any secret known to the registered providers. */
export interface SecretGuard {
  /** Registers a source of known secrets (usually `secretStore.knownSecrets`); it is asked on every write. */
  refuseSecrets(getKnownSecrets: () => readonly string[]): void;
  /** Throws a `SecretInStoreError` naming `what` if any text contains a known secret, in any form. */
  assertNoSecrets(what: string, ...texts: string[]): void;
}

/** A guard with no providers yet: it refuses nothing until one is registered. */
export function createSecretGuard(): SecretGuard {
  const providers: Array<() => readonly string[]> = [];
  return {
    refuseSecrets(getKnownSecrets) {
      providers.push(getKnownSecrets);
    },
    assertNoSecrets(what, ...texts) {
      if (providers.length === 0) return;
      const secrets = providers.flatMap((provider) => provider());
      if (texts.some((text) => containsSecret(text, secrets))) throw new SecretInStoreError(what);
    },
  };
}
