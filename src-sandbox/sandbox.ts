import fs from 'node:fs';
import path from 'node:path';
import { startAnvil, SANDBOX_CHAIN_ID, type AnvilProcess } from './chain/anvil';
import { chainPaths, readSavedChain, removeSavedChain, stateFileToLoad } from './chain/chainState';
import { findHistoryFloor, superviseLiveNode, type LiveNode } from './liveNode';
import { seedNewChain } from './chain/seedNewChain';
import { readSeededBlocks, startSeededNode, type SeededNode } from './chain/seededNode';
import type { ContentStore } from './content/createContentStore';
import type { DemoContent } from './content/seedDemoContent';
import { loadOrCreateKeys } from './keys';
import type { SandboxServer } from './server';
import type { Sandbox, SandboxInfo, SandboxOptions } from './sandboxTypes';

/** The network name in the sandbox's JSON-RPC paths (`/local/v3/<KEY>`). */
export const SANDBOX_NETWORK = 'local';

export type { Sandbox, SandboxInfo, SandboxOptions } from './sandboxTypes';

const SAVE_INTERVAL_S = 60;
/**
 * How many of its latest blocks' states the live node keeps, in memory, by default: as many as a full node keeps, and
 * about as many as keep the live node from growing while it runs. Anvil copies every block hash into each state it
 * keeps, so each kept state grows a little with every block: with 1,024 kept, the live node grew far past the soak
 * bench's bound in ten minutes at a block a second. They are not saved (the seeded ones are, apart): a save of all of
 * them would make each stop take seconds.
 */
export const LIVE_STATES_KEPT = 128;
/**
 * How many of its latest blocks the live node keeps by default, with their transactions and receipts, when it is
 * renewed (every `LIVE_BLOCKS_KEPT / 8` blocks): see liveNode.ts and docs/design-notes.md, "The live node's history
 * window". The seeded blocks are always kept.
 */
export const LIVE_BLOCKS_KEPT = 4096;

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
  const stateFile = saved ? await stateFileToLoad(dataDir, log) : undefined;
  // Two nodes (docs/design-notes.md, "Two nodes"): the live node keeps the state of its latest blocks only, in
  // memory, so it stays the same size however long it runs; the seeded node keeps every seeded block's state (the
  // fixtures people and tests read at old blocks) and never mines. The live node saves its chain (blocks and the
  // state at its head, not its older states: a stop stays quick) every minute and when it stops. A folder saved
  // before there were two nodes gets its seeded snapshot from the live one, which held the seeded blocks' states then.
  const paths = chainPaths(dataDir);
  fs.mkdirSync(paths.dir, { recursive: true });
  if (saved && stateFile && !fs.existsSync(paths.seeded)) {
    log('keeping the seeded blocks\' state for the seeded node (once, for a chain saved by an older sandbox)');
    fs.copyFileSync(stateFile, paths.seeded);
  }
  const saving = options.saveChain !== false;
  /** The live node; `seeding` keeps and saves every block's state (the seed's are saved from it), else it keeps its latest ones. */
  const launchAnvil = (loadFrom: string | undefined, port?: number, save = saving, seeding = false) =>
    startAnvil({
      ...(port !== undefined ? { port } : {}),
      args: [
        ...(seeding ? ['--preserve-historical-states'] : ['--prune-history', String(options.liveStatesKept ?? LIVE_STATES_KEPT)]),
        ...(save ? ['--dump-state', paths.dump, '--state-interval', String(SAVE_INTERVAL_S)] : []),
        ...(loadFrom ? ['--load-state', loadFrom] : []),
      ],
    });
  // Anvil first: it restores the chain in its own process while this one loads the interfaces' code (the
  // servedParts chunk) and opens the content store, which need nothing from the chain.
  const anvilStarting = launchAnvil(stateFile, undefined, saving || !saved, !saved); // a first start always saves its seed
  // On a restart the seeded node starts beside the live one; on a first start, once the seed is saved (below).
  let seededStarting = saved ? startSeededNode(paths.seeded, saved.manifest.seededToBlock, log) : undefined;
  seededStarting?.catch(() => {}); // awaited below, where its failure is thrown
  const parts = import('./servedParts');
  const content = parts.then(async ({ createContentStore, seedContractMetadata, seedDemoContent }) => {
    const store = await createContentStore({ dataDir, verifySecret: keys.verifySecret, log });
    try {
      const demo = await seedDemoContent(store);
      // A first start adds the metadata after seeding (below); restarts find it saved with the chain.
      await seedContractMetadata(store, dataDir).catch((error: Error) => log(`content: the contracts' metadata could not be added (${error.message})`));
      return { store, demo };
    } catch (error) {
      await store.close().catch(() => {});
      throw error;
    }
  });
  content.catch(() => {}); // awaited below, where its failure is thrown
  const closeContent = () => content.then(({ store }) => store.close(), () => {});
  let anvil: AnvilProcess;
  try {
    anvil = await anvilStarting;
  } catch (error) {
    await closeContent();
    await seededStarting?.then((node) => node.stop(), () => {});
    throw error;
  }
  let seededNode: SeededNode | undefined;
  const stopAnvil = () => anvil.stop();
  const cleanups: (() => Promise<void>)[] = [closeContent, stopAnvil, async () => void (await (seededNode ?? (await seededStarting?.catch(() => undefined)))?.stop())];
  const unwind = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const { createGasApi, createGateway, listenSandboxServer, seedContractMetadata, startTraffic } = await parts;
    let manifest = saved?.manifest;
    if (!manifest) {
      manifest = await seedNewChain(anvil, dataDir, log); // and saved: the nodes start again from the files
      seededStarting = startSeededNode(paths.seeded, manifest.seededToBlock, log);
      seededStarting.catch(() => {});
      anvil = await launchAnvil(paths.live);
      const { store } = await content;
      await seedContractMetadata(store, dataDir).catch((error: Error) => log(`content: the contracts' metadata could not be added (${error.message})`));
    }

    let traffic: { stop(): Promise<void>; readonly fastForwarding: boolean } | undefined;
    const startLiveTraffic = (fastForwardHours?: number) => {
      if ((options.blockTimeSeconds ?? 2) <= 0) return;
      traffic = startTraffic({
        rpcUrl: anvil.url,
        manifest: manifest!,
        blockTimeSeconds: options.blockTimeSeconds ?? 2,
        log,
        ...(fastForwardHours ? { fastForwardSeconds: Math.round(fastForwardHours * 3600) } : {}),
      });
    };
    startLiveTraffic(options.fastForwardHours);
    cleanups.push(() => traffic?.stop() ?? Promise.resolve());
    const { store: contentStore, demo: demoContent }: { store: ContentStore; demo: DemoContent } = await content;
    // The seeded blocks as the gateway routes by them, read from the live node (it has every block; only their
    // states are on the seeded node). The seeded node may still be loading its 80-odd MB: reads of a seeded block's
    // state wait for it, nothing else does, so a restarted sandbox is ready as soon as its live node is.
    const seededBlocks = await readSeededBlocks(anvil.url, manifest.seededToBlock);
    const seededReady = seededStarting!.then((node) => (seededNode = node));
    seededReady.catch(() => {}); // said through `failed`, and to each read that waits on it
    // A first start is ready once both nodes answer: the seeded node started only after the seed (18 s or so), and
    // whoever starts a fresh sandbox reads its fixtures first (a tool pointed at the node itself found it still
    // loading: no port yet). A restart keeps its quick ready (1.3 s): the seeded node loads beside the live one.
    if (!saved) await seededReady;

    // The server closes its routes when it stops; until it listens, they are closed here (the content
    // store by the cleanups).
    const gateway = createGateway({
      network: SANDBOX_NETWORK,
      upstreamUrl: anvil.url,
      upstreamWsUrl: anvil.wsUrl,
      seeded: { url: seededReady.then((node) => node.url), blocks: seededBlocks },
      isValidKey: keys.isValidKey,
      limits: options.limits,
    });
    let server: SandboxServer;
    try {
      const gas = createGasApi({
        chainId: SANDBOX_CHAIN_ID,
        upstreamUrl: anvil.url,
        upstreamWsUrl: anvil.wsUrl,
        isValidKey: keys.isValidKey,
        verifySecret: keys.verifySecret,
        log,
      });
      try {
        server = await listenSandboxServer([gateway, gas, contentStore], options.host ?? '127.0.0.1', options.port ?? 0);
      } catch (error) {
        await gas.close().catch(() => {});
        throw error;
      }
    } catch (error) {
      await gateway.close().catch(() => {});
      throw error;
    }
    cleanups.splice(cleanups.indexOf(closeContent), 1); // the server closes it now
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
      liveStatesKept: options.liveStatesKept ?? LIVE_STATES_KEPT,
      liveBlocksKept: options.liveBlocksKept ?? LIVE_BLOCKS_KEPT,
    };

    let closing: Promise<void> | undefined;
    const blocksKept = options.liveBlocksKept ?? LIVE_BLOCKS_KEPT;
    const liveNode: LiveNode = superviseLiveNode({
      node: anvil,
      launch: (loadFrom, port) => launchAnvil(loadFrom, port),
      dataDir,
      stopTraffic: async () => {
        await traffic?.stop().catch(() => {});
        traffic = undefined;
      },
      startTraffic: () => startLiveTraffic(),
      fastForwarding: () => traffic?.fastForwarding === true,
      // A sandbox that saves nothing (a test run's throwaway) has no dump to renew from; it runs for minutes.
      ...(saving
        ? {
            renewal: {
              seededTo: manifest.seededToBlock,
              blocksKept,
              every: options.renewEveryBlocks ?? Math.max(16, Math.floor(blocksKept / 8)),
              holdNode: () => gateway.holdNode(),
              setFloor: (floor: number) => gateway.setHistoryFloor(floor),
            },
          }
        : {}),
      log,
    });
    cleanups.splice(cleanups.indexOf(stopAnvil), 1, () => liveNode.current.stop());
    // A chain restored from a renewed node's save lacks the live blocks it dropped: the gateway learns where they end.
    if (saved) void findHistoryFloor(anvil.url, manifest.seededToBlock).then((floor) => gateway.setHistoryFloor(floor), () => {});
    // The sandbox fails when its live node dies for good, or when its seeded node cannot start.
    const failed = Promise.race([
      liveNode.failed,
      seededReady.then(
        () => new Promise<never>(() => {}),
        (error: Error) => Promise.reject(new Error(`the seeded node (the seeded blocks' state) could not start: ${error.message}`, { cause: error })),
      ),
    ]);
    failed.catch(() => {});
    return {
      info,
      anvilUrl: anvil.url,
      get anvilPid() {
        return liveNode.current.pid;
      },
      renewLiveNode: () => liveNode.renew(),
      seededReady: seededReady.then(() => undefined),
      get seededAnvilUrl() {
        if (!seededNode) throw new Error('the seeded node is still starting: await sandbox.seededReady first');
        return seededNode.url;
      },
      get seededAnvilPid() {
        if (!seededNode) throw new Error('the seeded node is still starting: await sandbox.seededReady first');
        return seededNode.pid;
      },
      manifest,
      demoContent,
      failed,
      close() {
        closing ??= (async () => {
          await liveNode.close();
          await traffic?.stop().catch(() => {});
          if (!saving) {
            await unwind();
            return;
          }
          await unwind(); // the live node dumps its chain as it stops
          // A dump Anvil finished (it exited by itself) becomes the live snapshot as it is: a rename, so a stop takes
          // no longer than Anvil's own writing. (Its call traces stay in it: the next start loads them, a little
          // slower, rather than this stop reading it all again to drop them.) A dump of a node that did not exit
          // cleanly is left for the next start, which checks that it is whole (stateFileToLoad).
          const code = await liveNode.current.exited;
          if (!fs.existsSync(paths.dump)) log('could not save the chain: Anvil left no dump');
          else if (code === 0) {
            fs.renameSync(paths.dump, paths.live);
            fs.rmSync(paths.damaged, { force: true });
          } else log(`Anvil exited with code ${code} as it stopped: its dump is checked at the next start`);
        })();
        return closing;
      },
    };
  } catch (error) {
    await unwind();
    throw error;
  }
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
