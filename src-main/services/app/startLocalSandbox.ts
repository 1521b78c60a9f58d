// SECURITY: the key store is made here when the sandbox starts ahead of the app's services; the log is redacted
// with every key it has read or written, as createAppServices' own log is.
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { createSandboxLauncher, type SandboxLauncher } from '../sandbox/createSandboxLauncher';
import { createSecretStore, type SecretStore } from '../secrets/createSecretStore';
import { redactSecrets } from '../secrets/redactSecrets';

/** The Local sandbox already starting, with the key store it took its key from: given to createAppServices. */
export interface LocalSandboxStart {
  secrets: SecretStore;
  launcher: SandboxLauncher;
  /** Settles with the status the first start reached (never rejects). */
  started: Promise<SandboxStatus>;
}

/**
 * Starts the Local sandbox before the rest of the app is loaded. The sandbox's own start (its code, then Anvil
 * restoring the saved chain) takes most of a restart's wait for a live head, and needs only the keychain and the
 * launcher: a shell that loads the app's services after this call (the web host imports them once this runs)
 * overlaps the two instead of starting the sandbox at the end of createAppServices.
 */
export function startLocalSandbox(options: { dataDir: string; projectRoot: string; log?: (line: string) => void; keychainService?: string; sandboxArgs?: string[] }): LocalSandboxStart {
  const log = (line: string) => options.log?.(redactSecrets(line, secrets.knownSecrets()));
  const secrets: SecretStore = createSecretStore({ ...(options.keychainService ? { service: options.keychainService } : {}), memoryFallback: true, log });
  const launcher = createSandboxLauncher({ dataDir: options.dataDir, secrets, projectRoot: options.projectRoot, log, ...(options.sandboxArgs ? { extraArgs: options.sandboxArgs } : {}) });
  const started = launcher.start().then(
    (status) => {
      if (status.state !== 'running') log(`app: the local sandbox is ${status.state}: ${status.lastError?.shortMessage ?? ''}`);
      return status;
    },
    (error: unknown) => {
      log(`app: starting the local sandbox failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
      return launcher.status();
    },
  );
  return { secrets, launcher, started };
}
