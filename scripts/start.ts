// npm start: the Electron app, its runtime installed first by Electron's own installer when missing; where
// that cannot be (no display, ELECTRON_SKIP_BINARY_DOWNLOAD, an old Node, no network, a refusing mirror, the
// time limit), one line says why and the same app opens from the web host in a Chromium --app window.
// Progress goes to stderr; the app's address (web host) to stdout.
import { defaultDataDir } from '../src-main/web/launch/defaultDataDir';
import { webHostFallbackLine } from '../src-main/web/launch/decideElectronStart';
import { electronPackageDir } from '../src-main/web/launch/electronRuntime';
import { findProjectRoot } from '../src-main/web/launch/findProjectRoot';
import { runInPrivateKeychainIfNeeded } from '../src-main/web/launch/privateKeychain';
import { runWebHost } from '../src-main/web/launch/runWebHost';
import { startElectron } from '../src-main/web/launch/startElectron';

const projectRoot = findProjectRoot(import.meta.url);
const log = (line: string) => process.stderr.write(`[blockglass] ${line}\n`);

async function start(): Promise<void> {
  try {
    // A signal while the runtime is being installed stops the installer, and npm start with it.
    const installing = new AbortController();
    const stopInstalling = (signal: NodeJS.Signals) => () => {
      installing.abort();
      process.exitCode = signal === 'SIGINT' ? 130 : 143;
    };
    const onInt = stopInstalling('SIGINT');
    const onTerm = stopInstalling('SIGTERM');
    process.once('SIGINT', onInt).once('SIGTERM', onTerm);
    const outcome = await startElectron({ projectRoot, packageDir: electronPackageDir(projectRoot), env: process.env, log, signal: installing.signal });
    process.off('SIGINT', onInt).off('SIGTERM', onTerm);
    if (outcome.kind === 'stopped') process.exit();
    if (outcome.kind === 'electron') {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => outcome.child.kill(signal));
      process.exit(await outcome.exit);
    }
    process.stderr.write(`${webHostFallbackLine(outcome.reason)}\n`);
    // Any free port: the window's profile is fresh each time, so a fixed origin would buy nothing.
    await runWebHost({ projectRoot, dataDir: defaultDataDir(), port: 0, openWindow: true, json: false, exitWithWindow: true, log });
  } catch (error) {
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (!runInPrivateKeychainIfNeeded(projectRoot, log)) await start();
