import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeZipName, stageElectronPackage, stageProjectLinks, standInRuntimeZip, startElectronMirror, type ElectronMirror } from '../src-main/web/testing/electronMirror';
import { electronPackageDir } from '../src-main/web/launch/electronRuntime';
import { findProjectRoot } from '../src-main/web/launch/findProjectRoot';
import { useTempDirs } from '../test-support/tempDirs';
import { bundleNodeEntry } from './build.mjs';

// npm start's launcher as npm start runs it: scripts/start.ts bundled (as scripts/build.mjs does for
// out/web/start.mjs) into a stand-in project whose node_modules/electron is a copy without a runtime, run with
// plain node. Electron's installer fetches the stand-in runtime from a mirror on 127.0.0.1, and the launcher then
// runs it on the project and exits with its code; or it says in one line why not and goes on to the web host.

const tempDir = useTempDirs('blockglass-start-');
const realRoot = findProjectRoot(import.meta.url);
const realPackageDir = electronPackageDir(realRoot)!;
const { version } = JSON.parse(fs.readFileSync(path.join(realPackageDir, 'package.json'), 'utf8')) as { version: string };
let mirror: ElectronMirror | undefined;

afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
});

/**
 * Runs the launcher, bundled into a stand-in project at `root` (a copy of the electron package without a
 * runtime), against a mirror of the stand-in runtime, with the machine's and CI's Electron settings left out
 * (CI sets ELECTRON_SKIP_BINARY_DOWNLOAD for npm test) and `extra` added. Resolves once it has exited.
 */
async function runLauncher(root: string, extra: NodeJS.ProcessEnv, refuseWith?: number) {
  stageProjectLinks(realRoot, root);
  const packageDir = stageElectronPackage(realPackageDir, root);
  const launcher = await bundleNodeEntry('scripts/start.ts', path.join(root, 'out', 'web', 'start.mjs'));
  mirror = await startElectronMirror({ version, zip: standInRuntimeZip(version), refuseWith });
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/electron|^force_no_cache$|^DBUS_SESSION_BUS_ADDRESS$/i.test(name)));
  const child = spawn(process.execPath, [launcher], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      ELECTRON_MIRROR: mirror.url,
      electron_use_remote_checksums: '1',
      electron_config_cache: path.join(root, 'cache'),
      ELECTRON_GET_NO_PROGRESS: '1',
      DISPLAY: ':99', // the stand-in needs none; the launcher only asks that there is one
      // No keychain at all (no session bus, none started): the web host's path keeps its keys in memory, and
      // never writes into the run's or a person's keychain.
      BLOCKGLASS_KEYRING_SESSION: '1',
      XDG_RUNTIME_DIR: root,
      BLOCKGLASS_KEYCHAIN_SERVICE: `blockglass-start-test-${process.pid}`,
      XDG_DATA_HOME: path.join(root, 'data'),
      BLOCKGLASS_STAND_IN_MARKER: path.join(root, 'stand-in-ran'),
      ...extra,
    },
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { exitCode, stderr, packageDir, mirror };
}

/** What the web host says when it starts in the stand-in project, which has no renderer built: the web host path was taken. */
const WEB_HOST_STARTED = /\[blockglass\] could not start: .*out\/renderer/;

describe('npm start', () => {
  it("installs Electron's runtime from the mirror and runs the app in it", async () => {
    const root = tempDir();
    const marker = path.join(root, 'stand-in-ran');
    const { exitCode, stderr, packageDir, mirror } = await runLauncher(root, {});

    expect({ exitCode, stderr }).toMatchObject({ exitCode: 0 });
    expect(fs.readFileSync(marker, 'utf8')).toBe(`started ${root}\n`);
    expect(mirror.requests).toEqual([`/v${version}/${runtimeZipName(version)}`, `/v${version}/SHASUMS256.txt`]);
    expect(fs.readFileSync(path.join(packageDir, 'path.txt'), 'utf8')).toBe('electron');
    expect(stderr).toContain(`[blockglass] Electron's runtime is not installed: downloading Electron ${version} from ${new URL(mirror.url).host}`);
    expect(stderr).toMatch(/\[blockglass\] Electron's runtime is installed \(\d+ s\)\./);
    expect(stderr).not.toContain('web host');
    expect(stderr).not.toMatch(WEB_HOST_STARTED);
  });

  it.each([
    ['ELECTRON_SKIP_BINARY_DOWNLOAD=1', { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }, undefined, "Electron's runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set"],
    ['a mirror that answers 404', {}, 404, "the download of Electron's runtime was refused: HOST answered HTTP 404 Not Found for ZIP"],
  ])('with %s, says why in one line and opens the web host', async (_case, extra, refuseWith, reason) => {
    const root = tempDir();
    const { stderr, mirror } = await runLauncher(root, extra, refuseWith);

    const line = `Blockglass: ${reason.replace('HOST', new URL(mirror.url).host).replace('ZIP', runtimeZipName(version))}, so the app runs from the local web host instead.`;
    expect(stderr.split('\n').filter((each) => each.startsWith('Blockglass:'))).toEqual([line]);
    expect(stderr).toMatch(WEB_HOST_STARTED);
    expect(mirror.requests).toEqual(refuseWith ? [`/v${version}/${runtimeZipName(version)}`] : []);
    expect(fs.existsSync(path.join(root, 'stand-in-ran'))).toBe(false);
  });
});
