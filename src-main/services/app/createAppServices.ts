// SECURITY: the composition root. Keys live in the keychain and in main-process memory; everything that
// leaves (handler answers, errors, events, log lines) is either built without them or passed through
// `redact`, which knows every key and secret this process has read, written or resolved. The store refuses
// writes that contain any of them.
import path from 'node:path';
import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import type { KeychainMode } from '../../../src-shared/api/app';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { LOCAL_CREDENTIAL_ID, LOCAL_NETWORK_ID } from '../../../src-shared/networks/localNetwork';
import { createNetworkService } from '../networks/createNetworkService';
import type { NetworkWithCredentials } from '../rpc/networkWithCredentials';
import { createExplorerService } from '../explorer/createExplorerService';
import { createHistoryService } from '../history/createHistoryService';
import type { CallTreeOf } from '../history/internalTouches';
import { createDecodingService } from '../decoding/createDecodingService';
import { createContentReader } from '../decoding/readContent';
import { createFeedHub } from '../rpc/createFeedHub';
import { createRpcService } from '../rpc/createRpcService';
import { createSandboxLauncher } from '../sandbox/createSandboxLauncher';
import { watchRestartingWithSandbox } from '../sandbox/watchRestartingWithSandbox';
import { createSecretStore } from '../secrets/createSecretStore';
import { redactSecrets } from '../secrets/redactSecrets';
import { openStore } from '../store/openStore';
import { createHandlers } from './createHandlers';
import { createThemeSetting } from '../settings/themeSetting';
import { createDownloads, type Downloads, type SaveFile } from '../files/createDownloads';
import { createLogsService } from '../logs/createLogsService';
import { createCallService } from '../call/createCallService';
import { createGasService } from '../gas/createGasService';
import { createContentService } from '../content/createContentService';
import { createTraceService } from '../trace/createTraceService';
import { createWhatIfService } from '../trace/whatIf/createWhatIfService';
import { createChainKeys } from '../chains/createChainKeys';
import { networkChainKey } from '../chains/chainKey';
import { createPricesService } from '../prices/createPricesService';
import { readSandboxManifest } from '../prices/readSandboxManifest';

/** What the shells (Electron, web host) get: the contract's handlers, the redactor, and the way out. */
export interface AppServices {
  handlers: MethodHandlers;
  topics: TopicHandlers;
  /** Removes every known secret (keychain keys read or written, resolved networks' keys and tokens) from a text. */
  redact(text: string): string;
  /** Files offered for download (exports), for the web host to serve. */
  downloads: Downloads;
  /** The networks whose live health feed runs now: one each, however many views watch it. */
  liveFeeds(): string[];
  /** Stops the sandbox (no orphans), closes the rpc service, the store and the secret store. */
  close(): Promise<void>;
}

/** Options of {@link createAppServices}. */
export interface AppServicesOptions {
  /** The app's data folder: the SQLite store, and the sandbox's data in `sandbox/`. */
  dataDir: string;
  shell: 'electron' | 'web';
  /** Folder holding the sandbox's bundle, `out/sandbox/cli.mjs`. */
  projectRoot: string;
  version: string;
  /** Hears log lines, already redacted. */
  log?: (line: string) => void;
  /** Start the Local sandbox now (default true). */
  startSandbox?: boolean;
  /** Keychain service name (default `blockglass`; tests use their own). */
  keychainService?: string;
  /** Extra sandbox flags (tests: `--block-time 1`). */
  sandboxArgs?: string[];
  /** How the shell lets the person save a file (Electron: a save dialog); by default a one-time download the web host serves. */
  saveFile?: SaveFile;
}

/**
 * Opens the store, the secret store, the network service, the rpc service and the sandbox launcher, and
 * implements every method and subscription of the API contract over them. Selects the Local network when
 * nothing is selected yet, and starts the sandbox (without waiting for it: its status says when it runs).
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const resolvedSecrets = new Set<string>();
  const knownSecrets = () => [...secrets.knownSecrets(), ...resolvedSecrets];
  const redact = (text: string) => redactSecrets(text, knownSecrets());
  const log = (line: string) => options.log?.(redact(line));
  // Damaged rows are skipped and said, never silently replaced.
  const store = openStore(options.dataDir, { onInvalidRow: (error) => log(`store: ${error.shortMessage}: ${error.details ?? ''}`) });
  // Without any reachable keychain, keys live in memory for this run (never in a file): the app still works.
  const secrets = createSecretStore({ ...(options.keychainService ? { service: options.keychainService } : {}), memoryFallback: true, log });
  store.refuseSecrets(knownSecrets);
  // Decided now, before anything is shown: where keys live this run (a missing keychain answers at once).
  await secrets.get(LOCAL_CREDENTIAL_ID).catch((error: Error) => log(`secrets: ${error.message}`));
  const keychain = (): KeychainMode =>
    secrets.mode() === 'memory' ? 'memory' : process.env.BLOCKGLASS_KEYRING_SESSION ? 'private' : 'system';

  const launcher = createSandboxLauncher({ dataDir: options.dataDir, secrets, projectRoot: options.projectRoot, log, extraArgs: options.sandboxArgs });
  const networks = createNetworkService({ store, secrets, localAddresses: () => launcher.addresses(), log });
  const resolve = async (networkId: string): Promise<NetworkWithCredentials> => {
    const resolved = await networks.resolveWithCredentials(networkId);
    for (const secret of resolved.secrets) resolvedSecrets.add(secret);
    return resolved;
  };
  const rpc = createRpcService({
    resolve,
    log,
    expectedChainId: async (networkId) => (await networks.get(networkId)).chainId,
  });

  // Which chain each network is on (chain id and genesis hash): what imported ABIs, labels, gas samples and cached
  // blocks are kept under, so two dev chains on chain id 31337 never see each other's, and one chain reached
  // through two networks shares them. The one place services learn a network's chain.
  const chains = createChainKeys({
    describe: async (networkId) => {
      const network = await networks.get(networkId);
      return { chainId: network.chainId, family: network.family, endpoint: network.rpcUrl };
    },
    request: (networkId, method, params) => rpc.request(networkId, method, params),
    store,
    log,
  });

  try {
    if (store.settings.get('selectedNetworkId') === undefined) store.settings.set('selectedNetworkId', LOCAL_NETWORK_ID);
  } catch (error) {
    log(`app: could not save the first selection: ${(error as Error).message}`); // selectedId() falls back to Local anyway
  }

  // One health feed per network, however many views watch it. The Local one starts afresh whenever the sandbox
  // comes up (after a crash, a restart or a reset, with a new port), so it never waits out a backoff. The chain
  // keys hear it: a node back after an outage, or a head gone back, may be another chain.
  const health = createFeedHub<HealthEvent>({
    label: 'the health feed of',
    log,
    source: (networkId, emitEvent, signal) => {
      const emit = (event: HealthEvent) => (chains.heard(event), emitEvent(event));
      return networkId === LOCAL_NETWORK_ID
        ? watchRestartingWithSandbox(launcher, (inner) => rpc.watchHealth(networkId, emit, inner), signal, { log })
        : rpc.watchHealth(networkId, emit, signal);
    },
  });

  // ABIs, labels and the decoder, once for every screen: the explorer, log queries and the call playground decode alike.
  const decoding = createDecodingService({ rpc, log, readContent: createContentReader(resolve), projectRoot: options.projectRoot, store, chainOf: (networkId) => chains.of(networkId) });
  const explorer = createExplorerService({ rpc, health, log, networkName: async (networkId) => (await networks.get(networkId)).name, decoding, store });
  // A reset of the sandbox's chain replaces Local's blocks (its genesis is fixed, so its chain key stays): nothing
  // cached for it stays, and its genesis is read again.
  launcher.onStatus((status) => {
    if (status.state === 'restarting' || status.state === 'starting') {
      // The home's last view stays: it is what is shown while the sandbox starts (a chain replaced by a reset is
      // found by the live feed, which drops it then).
      explorer.forget(LOCAL_NETWORK_ID, 'cache');
      history.forget(decoding.knownChain(LOCAL_NETWORK_ID));
      decoding.forget(LOCAL_NETWORK_ID);
      chains.forget(LOCAL_NETWORK_ID);
    }
  });

  const downloads = createDownloads();
  const saveFile: SaveFile = options.saveFile ?? (async (file) => ({ kind: 'download', url: downloads.offer(file) }));
  // An address's history, from the node itself: nonce counts at past blocks and the explorer's (cached) blocks.
  // Who called a contract: an internal change is named by the transactions' call trees (the trace service, made below).
  const callTree: CallTreeOf = async (networkId, hash, signal) => {
    const view = await trace.transaction(networkId, hash, signal);
    return { root: view.root, trusted: view.check?.matchesReceipt ?? true };
  };
  const history = createHistoryService({ rpc, explorer, chainOf: (networkId) => chains.of(networkId), store, saveFile, decoding, callTree });
  const logs = createLogsService({
    rpc,
    health,
    decoding,
    networkName: async (networkId) => (await networks.get(networkId)).name,
    store,
    dataDir: options.dataDir,
    saveFile,
    log,
  });

  const call = createCallService({
    rpc,
    decoding,
    store,
    // The history is the network's; its chain column says which chain the call ran on (the network's until known).
    chainOf: (networkId) => chains.of(networkId).catch(() => networkChainKey(networkId)),
    familyOf: async (networkId) => (await networks.get(networkId)).family,
    redact,
    log,
  });

  const gas = createGasService({
    resolve,
    request: (networkId, method, params, requestOptions) => rpc.request(networkId, method, params, requestOptions),
    store,
    // A genesis that cannot be read again just now (a node gone a moment): the chain it was on this run.
    chainOf: (networkId) => chains.of(networkId).catch((error: unknown) => chains.known(networkId) ?? Promise.reject(error)),
    redact,
    log,
  });
  launcher.onStatus((status) => {
    if (status.state === 'restarting' || status.state === 'starting') gas.forget(LOCAL_NETWORK_ID);
  });
  // A network whose node turned out to serve another chain: what was cached of the old one goes.
  // Inside a transaction: the node's own call tracer where it offers one, else a replay here (the source learned once per network).
  const trace = createTraceService({ rpc, decoding, store, chainOf: (networkId) => chains.of(networkId), log });
  // What-if: a transaction run again here with one thing changed, always by replay (nothing kept, nothing learned per network).
  const whatIf = createWhatIfService({ rpc, decoding });
  chains.onChange((networkId) => {
    explorer.forget(networkId);
    decoding.forget(networkId);
    gas.forget(networkId);
    trace.forget(networkId);
  });

  const content = createContentService({ resolve, store, saveFile, log });
  // The ETH price of a network: a known feed by chain id, Local's from the sandbox's manifest (read each time: a reset seeds anew).
  const prices = createPricesService({
    request: (networkId, method, params, requestOptions) => rpc.request(networkId, method, params, requestOptions),
    network: (networkId) => networks.get(networkId),
    settings: store.settings,
    sandbox: { networkId: LOCAL_NETWORK_ID, facts: () => readSandboxManifest(path.join(options.dataDir, 'sandbox')) },
  });

  const { handlers, topics } = createHandlers({
    networks,
    secrets,
    rpc,
    health,
    launcher,
    theme: createThemeSetting(store, log),
    app: { version: options.version, shell: options.shell, keychain },
    explorer,
    history,
    logs,
    call,
    gas,
    content,
    trace,
    whatIf,
    prices,
  });

  if (options.startSandbox ?? true) {
    launcher
      .start()
      .then((status) => {
        if (status.state !== 'running') log(`app: the local sandbox is ${status.state}: ${status.lastError?.shortMessage ?? ''}`);
      })
      .catch((error: unknown) => log(`app: starting the local sandbox failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`));
  }

  let closing: Promise<void> | undefined;
  return {
    handlers,
    topics,
    redact,
    downloads,
    liveFeeds: () => health.running(),
    close: () =>
      (closing ??= (async () => {
        await rpc.close().catch((error: Error) => log(`app: closing the rpc service: ${error.message}`));
        await launcher.stop().catch((error: Error) => log(`app: stopping the sandbox: ${error.message}`));
        logs.close();
        content.close();
        call.flush();
        store.close();
        await secrets.close();
      })()),
  };
}
