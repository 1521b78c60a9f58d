import { createSecretStore } from '../src-main/services/secrets/createSecretStore';
import { expect, type RunningApp } from './appFixture';

/** The app's own sandbox: its origin (from the app's log) and its key and secret (from the keychain, as the app keeps them). */
export async function appSandbox(app: RunningApp): Promise<{ origin: string; key: string; secret: string }> {
  await expect.poll(() => /sandbox: running at (http:\/\/\S+)/.test(app.logs()), { timeout: 120_000 }).toBe(true);
  const origin = /sandbox: running at (http:\/\/\S+)/.exec(app.logs())![1]!;
  const keychain = createSecretStore({ service: app.keychainService });
  const local = await keychain.get('local');
  await keychain.close();
  return { origin, key: local!.apiKey, secret: local!.apiSecret ?? '' };
}
