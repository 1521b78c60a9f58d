import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedSandbox } from '../../rpc/testing/sharedSandbox';
import { createSecretStore } from '../../secrets/createSecretStore';
import { createAppServices, type AppServices } from '../createAppServices';
import { callContext } from './appTestKit';

/** The app's services with one custom network added, keyed with the shared sandbox's key; see {@link startCustomNetworkApp}. */
export interface CustomNetworkApp {
  app: AppServices;
  networkId: string;
  /** The services' log lines so far (redacted, as the app logs them). */
  lines: string[];
  /** Closes the services and removes the data folder and the network's keychain entry. */
  close(): Promise<void>;
}

/**
 * Starts the app's real services (web shell, no Local sandbox of their own) in a fresh data folder and adds a
 * custom EVM network at `urls` with the shared sandbox's key, as a user would for a hosted service. The fault
 * tests point these at a proxy in front of the shared sandbox.
 */
export async function startCustomNetworkApp(name: string, urls: { rpcUrl: string; wsUrl?: string | null }): Promise<CustomNetworkApp> {
  const keychainService = `blockglass-faults-${crypto.randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-faults-custom-'));
  const ctx = callContext();
  const lines: string[] = [];
  const app = await createAppServices({ dataDir, shell: 'web', projectRoot: process.cwd(), version: '0.1.0-faults', keychainService, startSandbox: false, log: (line) => lines.push(line) });
  let networkId = '';
  const close = async () => {
    await app.close();
    const keychain = createSecretStore({ service: keychainService });
    if (networkId) await keychain.delete(networkId).catch(() => {});
    await keychain.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const added = await app.handlers['networks.add']({ name, family: 'evm', chainId: 31337, wsUrl: null, gasUrl: null, storageUrl: null, ...urls }, ctx);
    networkId = added.id;
    await app.handlers['credentials.set']({ networkId, apiKey: sharedSandbox().info.key }, ctx);
  } catch (error) {
    await close();
    throw error;
  }
  return { app, networkId, lines, close };
}
