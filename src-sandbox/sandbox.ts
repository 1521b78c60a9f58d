import fs from 'node:fs';
import path from 'node:path';
import { startAnvil, SANDBOX_CHAIN_ID, type AnvilProcess } from './chain/anvil';
import {
  dumpAnvilState,
  readSavedChain,
  removeSavedChain,
  writeManifestFile,
  loadStateFile,
  unpackStateFile,
  writeStateFile,
} from './chain/chainState';
import type { SeedManifest } from './chain/manifest';
import { seedChain } from './chain/seed';
import { startTraffic } from './chain/traffic';
import { createContentStore } from './content/createContentStore';
import { seedDemoContent, type DemoContent } from './content/seedDemoContent';
import { createGasApi } from './gas/createGasApi';
import { createGateway, type GatewayLimits } from './gateway/createGateway';
import { loadOrCreateKeys } from './keys';
import { listenSandboxServer, type SandboxRoute, type SandboxServer } from './server';

/** The network name in the sandbox's JSON-RPC paths (`/local/v3/<KEY>`). */
export const SANDBOX_NETWORK = 'local';

export interface SandboxOptions {
  dataDir: string;
  port?: number;
  host?: string;
  key?: string;
  secret?: string;
  /** Keep the key itself in the data folder (default), or only its hash when the caller supplies it on every start. */
  storeKey?: boolean;
  /** Seconds between live blocks after seeding; 0 keeps the chain still (no traffic). */
  blockTimeSeconds?: number;
  /** Throw away the saved chain and seed anew. */
  fresh?: boolean;
  limits?: Partial<GatewayLimits>;
  /** Progress lines for a person (never contain the key or secret). */
  log?: (line: string) => void;
}

/** What the ready line prints: every address a client needs, and the credentials. */
export interface SandboxInfo {
  chainId: number;
  rpcUrl: string;
  wsUrl: string;
  gasUrl: string;
  storageUrl: string;
  key: string;
  /** Known only when given with --secret or generated in this run; the data folder keeps just its hash. */
  secret: string | null;
}

export interface Sandbox {
  info: SandboxInfo;
  /** Anvil's own address, for benchmarks and tests that compare against the bare node. */
  anvilUrl: string;
  anvilPid: number;
  manifest: SeedManifest;
  /** The demo folder in the content store (deterministic CIDs). */
  demoContent: DemoContent;
  /** Rejects if Anvil dies while the sandbox runs. */
  failed: Promise<never>;
  /** Stops traffic, saves the chain, stops the server and Anvil. Safe to call twice. */
  close(): Promise<void>;
}

const SAVE_INTERVAL_MS = 60_000;

/** Starts Anvil, seeds it (first start) or restores its saved chain, then serves the three interfaces. */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  if (options.fresh) removeSavedChain(dataDir);
  const keys = loadOrCreateKeys(dataDir, { key: options.key, secret: options.secret, storeKey: options.storeKey });

  const saved = readSavedChain(dataDir);
  if (!saved) removeSavedChain(dataDir);
  if (saved) log('restoring the saved chain');
  const stateFile = saved ? await loadStateFile(dataDir, saved.statePath) : undefined;
  const anvil: AnvilProcess = await startAnvil({ args: stateFile ? ['--load-state', stateFile] : [] });
  const cleanups: (() => Promise<void>)[] = [() => anvil.stop()];
  const unwind = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const manifest = saved?.manifest ?? (await seedNewChain(anvil, dataDir, log));
    const saveChain = async () => writeStateFile(dataDir, await dumpAnvilState(anvil.url));

    let traffic: { stop(): Promise<void> } | undefined;
    if ((options.blockTimeSeconds ?? 2) > 0) {
      traffic = startTraffic({ rpcUrl: anvil.url, manifest, blockTimeSeconds: options.blockTimeSeconds ?? 2, log });
      cleanups.push(() => traffic!.stop());
    }
    let demoContent: DemoContent;
    const saver = setInterval(() => void saveChain().catch((error: Error) => log(`could not save the chain: ${error.message}`)), SAVE_INTERVAL_MS);
    saver.unref();
    cleanups.push(async () => clearInterval(saver));

    // The server closes its routes when it stops; until it listens, they are closed here.
    const routes: SandboxRoute[] = [];
    let server: SandboxServer;
    try {
      routes.push(
        createGateway({
          network: SANDBOX_NETWORK,
          upstreamUrl: anvil.url,
          upstreamWsUrl: anvil.wsUrl,
          isValidKey: keys.isValidKey,
          limits: options.limits,
        }),
        createGasApi({
          chainId: SANDBOX_CHAIN_ID,
          upstreamUrl: anvil.url,
          upstreamWsUrl: anvil.wsUrl,
          isValidKey: keys.isValidKey,
          verifySecret: keys.verifySecret,
          log,
        }),
      );
      const contentStore = await createContentStore({ dataDir, verifySecret: keys.verifySecret, log });
      routes.push(contentStore);
      demoContent = await seedDemoContent(contentStore);
      server = await listenSandboxServer(routes, options.host ?? '127.0.0.1', options.port ?? 0);
    } catch (error) {
      await Promise.all(routes.map((route) => route.close().catch(() => {})));
      throw error;
    }
    cleanups.push(() => server.close());

    const host = urlHost(options.host ?? '127.0.0.1');
    const base = `http://${host}:${server.port}`;
    const info: SandboxInfo = {
      chainId: SANDBOX_CHAIN_ID,
      rpcUrl: `${base}/${SANDBOX_NETWORK}/v3/${keys.key}`,
      wsUrl: `ws://${host}:${server.port}/${SANDBOX_NETWORK}/ws/v3/${keys.key}`,
      gasUrl: base,
      storageUrl: base,
      key: keys.key,
      secret: keys.secret ?? null,
    };

    let closing: Promise<void> | undefined;
    const failed = anvil.exited.then((code) => {
      if (closing) return new Promise<never>(() => {});
      throw new Error(`Anvil exited unexpectedly (code ${code})`);
    });
    failed.catch(() => {});
    return {
      info,
      anvilUrl: anvil.url,
      anvilPid: anvil.pid,
      manifest,
      demoContent,
      failed,
      close() {
        closing ??= (async () => {
          await traffic?.stop().catch(() => {});
          const state = await dumpAnvilState(anvil.url).catch((error: Error) => log(`could not save the chain: ${error.message}`));
          await unwind();
          if (state) {
            try {
              writeStateFile(dataDir, state);
              // Unpacked for the next start now, while Anvil is gone and nothing waits.
              await unpackStateFile(dataDir, state);
            } catch (error) {
              log(`could not save the chain: ${(error as Error).message}`);
            }
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await unwind();
    throw error;
  }
}

/** Seeds a fresh Anvil and saves the chain: state first, manifest last (the manifest marks a finished seed). */
async function seedNewChain(anvil: AnvilProcess, dataDir: string, log: (line: string) => void): Promise<SeedManifest> {
  log('seeding a new chain (first start or --fresh)');
  const manifest = await seedChain({ rpcUrl: anvil.url, log });
  writeStateFile(dataDir, await dumpAnvilState(anvil.url));
  writeManifestFile(dataDir, manifest);
  return manifest;
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
