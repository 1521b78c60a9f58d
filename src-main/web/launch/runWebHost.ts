import fs from 'node:fs';
import path from 'node:path';
import { createAppServices } from '../../services/app/createAppServices';
import type { RequestTiming } from '../../../src-shared/api/dispatcherTypes';
import { describeTiming } from '../../services/api/describeTiming';
import { startWebHost, type WebHost } from '../startWebHost';
import { acquireDataDirLock } from './acquireDataDirLock';
import { findChromium } from './findChromium';
import { hasDisplay } from './hasDisplay';
import { openAppWindow, type AppWindow } from './openAppWindow';
import { sandboxArgsOf } from './parseServeArgs';

/** A signal this long after the first is a person's second Ctrl+C (stop now), not the first one's echo. */
const SECOND_SIGNAL_MS = 1000;

/** How `npm start` (without Electron) and `npm run serve` run the web host. */
export interface RunWebHostOptions {
  projectRoot: string;
  dataDir: string;
  port: number;
  /** Open a Chromium `--app` window when a display and a browser exist. */
  openWindow: boolean;
  /** Print exactly one JSON line `{"url": ...}` on stdout when ready, and nothing else there. */
  json: boolean;
  /** Log where each API request's time went in main (see `RequestTiming`). */
  timings?: boolean;
  /** Stop when the window is closed (`npm start`); otherwise keep serving until a signal (`npm run serve`). */
  exitWithWindow: boolean;
  /** Progress and refusals (stderr); never given the address with its token. */
  log: (line: string) => void;
  /** Hours of traffic the Local sandbox mines into the past when its chain is fresh (a day of gas history at once). */
  sandboxFastForwardHours?: number;
  /** Seconds between the Local sandbox's live blocks (the sandbox's `--block-time`); its own default when absent. */
  sandboxBlockTimeSeconds?: number;
  /** How many of its latest blocks' states the Local sandbox's live node keeps (`--sandbox-live-states`). */
  sandboxLiveStates?: number;
  /** How many of its latest live blocks the Local sandbox's live node keeps (`--sandbox-live-blocks`). */
  sandboxLiveBlocks?: number;
  /** How long a page's first frame may wait for its reads (shell-common/firstFrame.ts's default when absent; 0: no first frames). */
  firstFrameBudgetMs?: number;
}

/**
 * Takes the data folder (the caller has built the app: scripts/build.mjs ensureBuild), starts the app's services (and with them the sandbox),
 * serves the app on 127.0.0.1, prints its address, opens the window, and shuts everything down on
 * SIGINT/SIGTERM (or when the window closes, for `npm start`). Resolves once running.
 */
export async function runWebHost(options: RunWebHostOptions): Promise<void> {
  const { projectRoot, dataDir, log } = options;
  const releaseLock = acquireDataDirLock(dataDir);
  let services: Awaited<ReturnType<typeof createAppServices>> | undefined;
  let host: WebHost | undefined;
  const opened: { window?: AppWindow; connected?: boolean } = {}; // set later; the shutdown and the host's callback read it

  let shuttingDown: Promise<void> | undefined;
  /** Closes the window, the host and the services (stopping the sandbox), and releases the data folder. */
  const shutDown = () => {
    shuttingDown ??= (async () => {
      await opened.window?.close().catch(() => undefined);
      await host?.close().catch(() => undefined);
      await services?.close().catch((error: unknown) => log(`could not close the services: ${error instanceof Error ? error.message : String(error)}`));
      try {
        releaseLock();
      } catch {
        // the lock file is already gone
      }
    })();
    return shuttingDown;
  };
  const stop = () => {
    log('stopping…');
    void shutDown().finally(() => process.exit(0));
  };
  let firstSignalAt: number | undefined;
  const onSignal = () => {
    // A second Ctrl+C does not wait. One Ctrl+C often arrives twice at once (from the terminal to the whole
    // process group, and forwarded by npm): only a signal a moment after the first counts as a second.
    if (firstSignalAt !== undefined) {
      if (Date.now() - firstSignalAt > SECOND_SIGNAL_MS) process.exit(130);
      return;
    }
    firstSignalAt = Date.now();
    stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    services = await createAppServices({
      dataDir,
      shell: 'web',
      projectRoot,
      version,
      log,
      ...keychainServiceFromEnvironment(),
      ...sandboxArgsOf(options),
    });
    host = await startWebHost({
      port: options.port,
      rendererDir: path.join(projectRoot, 'out', 'renderer'),
      ...(options.firstFrameBudgetMs === 0 ? {} : { firstFrameFile: path.join(projectRoot, 'out', 'first-frame', 'renderFirstFrame.js') }),
      ...(options.firstFrameBudgetMs ? { firstFrameBudgetMs: options.firstFrameBudgetMs } : {}),
      services,
      downloads: services.downloads,
      log,
      ...(options.timings ? { onTiming: (timing: RequestTiming) => log(describeTiming(timing)) } : {}),
      onConnection: () => {
        opened.connected = true;
        opened.window?.forgetLaunchPage();
      },
    });
  } catch (error) {
    await shutDown();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    throw error;
  }

  // The address goes to stdout only: it carries the token, and stderr lines may be collected as logs.
  if (options.json) process.stdout.write(`${JSON.stringify({ url: host.url })}\n`);
  const say = (text: string) => (options.json ? log(text) : process.stdout.write(`${text}\n`));
  if (!options.json) say(`Blockglass is running at ${host.url}`);

  if (!options.openWindow) return;
  if (!hasDisplay()) {
    say(`No display here: open the address above in a browser on this machine. Ctrl+C stops Blockglass.`);
    return;
  }
  const browser = findChromium();
  if (!browser) {
    say('No Chromium or Chrome found to open the app window: open the address above in a browser on this machine,');
    say('or install one (Debian/Ubuntu: apt-get install chromium) and start again. Ctrl+C stops Blockglass.');
    return;
  }
  const appWindow = openAppWindow({ browser, url: host.url, log });
  opened.window = appWindow;
  log(`opened the app window with ${browser}`);
  void appWindow.closed.then((code) => {
    // A window that closes after it connected was closed by the person; one that never connected failed to open.
    if (opened.connected && options.exitWithWindow) return stop();
    if (!opened.connected) say(`The app window could not be opened (${browser} exited with code ${code}): open the address above in a browser. Ctrl+C stops Blockglass.`);
  });
}

/**
 * `BLOCKGLASS_KEYCHAIN_SERVICE`: the name the app keeps its keys under in the OS keychain, when not the default
 * (`blockglass`): apps started side by side that must not share keys (the journeys, two at a time) each get their own.
 */
function keychainServiceFromEnvironment(): { keychainService?: string } {
  const name = process.env.BLOCKGLASS_KEYCHAIN_SERVICE;
  return name && /^[\w.-]{1,100}$/.test(name) ? { keychainService: name } : {};
}
