// npm start: the Electron app when Electron's runtime is installed; otherwise the same app from the
// web host, in a Chromium --app window (the runtime is downloaded from GitHub, which some machines
// cannot reach). Progress goes to stderr; the app's address (web host) to stdout.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defaultDataDir } from '../src-main/web/launch/defaultDataDir';
import { findProjectRoot } from '../src-main/web/launch/findProjectRoot';
import { runInPrivateKeychainIfNeeded } from '../src-main/web/launch/privateKeychain';
import { runWebHost } from '../src-main/web/launch/runWebHost';

const projectRoot = findProjectRoot(import.meta.url);
const log = (line: string) => process.stderr.write(`[blockglass] ${line}\n`);

/**
 * The Electron binary, if its runtime is installed. Read the way `require('electron')` does, but
 * without its side effect: on a missing binary that call starts a download (which fails offline).
 */
function electronBinary(): string | undefined {
  try {
    const packageDir = path.dirname(createRequire(path.join(projectRoot, 'package.json')).resolve('electron/package.json'));
    const relative = fs.readFileSync(path.join(packageDir, 'path.txt'), 'utf8').trim();
    const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(packageDir, 'dist');
    const binary = path.join(dist, relative);
    return relative !== '' && fs.existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

async function runElectron(binary: string): Promise<never> {
  // The project folder's package.json names out/main/index.js as the entry.
  const child = spawn(binary, [projectRoot], { stdio: 'inherit', cwd: projectRoot });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  const code = await new Promise<number>((resolve) => child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  process.exit(code);
}

async function start(): Promise<void> {
  try {
    const binary = electronBinary();
    if (binary) {
      await runElectron(binary);
    } else {
      process.stderr.write("Blockglass: Electron's runtime is not installed here, so the app opens in a Chromium window from the local web host instead.\n");
      // Any free port: the window's profile is fresh each time, so a fixed origin would buy nothing.
      await runWebHost({ projectRoot, dataDir: defaultDataDir(), port: 0, openWindow: true, json: false, exitWithWindow: true, log });
    }
  } catch (error) {
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (!runInPrivateKeychainIfNeeded(projectRoot, log)) await start();
