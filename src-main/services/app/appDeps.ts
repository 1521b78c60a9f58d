import type { NetworkService } from '../networks/createNetworkService';
import type { RpcService } from '../rpc/createRpcService';
import type { SandboxLauncher } from '../sandbox/createSandboxLauncher';
import type { SecretStore } from '../secrets/createSecretStore';
import type { KeychainMode } from '../../../src-shared/api/views';
import type { ThemeSetting } from './themeSetting';

/** The services the handlers are written against (the composition root builds the real ones). */
export interface AppDeps {
  networks: NetworkService;
  secrets: Pick<SecretStore, 'status'>;
  rpc: Pick<RpcService, 'probe' | 'watchHealth'>;
  launcher: Pick<SandboxLauncher, 'status' | 'onStatus' | 'restart' | 'resetChain'>;
  theme: ThemeSetting;
  app: { version: string; shell: 'electron' | 'web'; keychain: () => KeychainMode };
  /** Removes every known secret from a text. */
  redact(text: string): string;
  /** Hears log lines (redacted on the way out). */
  log(line: string): void;
}
