import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useTempDirs } from '../../../test-support/tempDirs';
import { runtimeZipName, stageElectronPackage, standInRuntimeZip, startElectronMirror, type ElectronMirror, type ElectronMirrorOptions } from '../testing/electronMirror';
import { webHostFallbackLine } from './decideElectronStart';
import { electronPackageDir } from './electronRuntime';
import { findProjectRoot } from './findProjectRoot';
import { startElectron, type StartElectronOptions } from './startElectron';

// npm start's Electron path for real (scripts/start.ts runs startElectron): Electron's own install.js, run on a
// copy of the project's electron package, downloads from a mirror on 127.0.0.1 a stand-in of the runtime zip,
// checks it against the mirror's SHASUMS256.txt (checksums stay on), extracts it, and the stand-in is run.

const tempDir = useTempDirs('blockglass-electron-');
const projectRoot = findProjectRoot(import.meta.url);
const realPackageDir = electronPackageDir(projectRoot)!;
const { version } = JSON.parse(fs.readFileSync(path.join(realPackageDir, 'package.json'), 'utf8')) as { version: string };
const mirrors: ElectronMirror[] = [];

afterEach(async () => {
  await Promise.all(mirrors.splice(0).map((mirror) => mirror.close()));
});

/** A mirror serving the stand-in runtime, closed after the test. */
async function mirror(options: Partial<ElectronMirrorOptions> = {}): Promise<ElectronMirror> {
  const started = await startElectronMirror({ version, zip: standInRuntimeZip(version), ...options });
  mirrors.push(started);
  return started;
}

/**
 * The environment of a run against `mirrorUrl`: this one without any Electron setting of the machine's or CI's
 * (CI sets ELECTRON_SKIP_BINARY_DOWNLOAD for npm test), with the mirror, a cache of the test's own, the mirror's
 * checksums, a display, and where the stand-in writes.
 */
function runEnv(root: string, mirrorUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/electron|^force_no_cache$/i.test(name)));
  return {
    ...env,
    ELECTRON_MIRROR: mirrorUrl,
    electron_config_cache: path.join(root, 'cache'),
    electron_use_remote_checksums: '1',
    ELECTRON_GET_NO_PROGRESS: '1',
    DISPLAY: ':99',
    BLOCKGLASS_STAND_IN_MARKER: path.join(root, 'stand-in-ran'),
    ...extra,
  };
}

/** A run of startElectron on a staged copy of the electron package, with its log lines. */
async function run(root: string, env: NodeJS.ProcessEnv, options: Partial<StartElectronOptions> = {}) {
  const packageDir = fs.existsSync(path.join(root, 'node_modules', 'electron')) ? path.join(root, 'node_modules', 'electron') : stageElectronPackage(realPackageDir, root);
  const lines: string[] = [];
  const outcome = await startElectron({ projectRoot, packageDir, env, log: (line) => lines.push(line), platform: 'linux', ...options });
  return { outcome, lines, packageDir };
}

describe('npm start with no Electron runtime installed', () => {
  it("installs the runtime with Electron's installer from the mirror, then runs it on the project", async () => {
    const realDistBefore = fs.existsSync(path.join(realPackageDir, 'dist'));
    const root = tempDir();
    const local = await mirror();
    const { outcome, lines, packageDir } = await run(root, runEnv(root, local.url));

    expect(outcome.kind).toBe('electron');
    if (outcome.kind !== 'electron') return;
    expect(await outcome.exit).toBe(0);
    expect(fs.readFileSync(path.join(root, 'stand-in-ran'), 'utf8')).toBe(`started ${projectRoot}\n`);
    expect(local.requests).toEqual([`/v${version}/${runtimeZipName(version)}`, `/v${version}/SHASUMS256.txt`]);
    expect(fs.readFileSync(path.join(packageDir, 'path.txt'), 'utf8')).toBe('electron');
    expect(lines[0]).toBe(`Electron's runtime is not installed: downloading Electron ${version} from ${new URL(local.url).host} with Electron's installer (at most 10 min; Ctrl+C stops)…`);
    expect(lines.at(-1)).toMatch(/^Electron's runtime is installed \(\d+ s\)\.$/);
    expect(fs.existsSync(path.join(realPackageDir, 'dist'))).toBe(realDistBefore); // the project's own package untouched

    // The next start finds the runtime installed and downloads nothing.
    const again = await run(root, runEnv(root, local.url));
    expect(again.outcome.kind).toBe('electron');
    if (again.outcome.kind === 'electron') expect(await again.outcome.exit).toBe(0);
    expect(again.lines).toEqual([]);
    expect(local.requests).toHaveLength(2);
    expect(fs.readFileSync(path.join(root, 'stand-in-ran'), 'utf8')).toBe(`started ${projectRoot}\nstarted ${projectRoot}\n`);
  });

  it.each([
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
  ])('opens the web host, saying why in one line, when the mirror answers %i', async (status, statusText) => {
    const root = tempDir();
    const refusing = await mirror({ refuseWith: status });
    const { outcome, packageDir } = await run(root, runEnv(root, refusing.url));

    expect(outcome).toEqual({
      kind: 'web',
      reason: `the download of Electron's runtime was refused: ${new URL(refusing.url).host} answered HTTP ${status} ${statusText} for ${runtimeZipName(version)}`,
    });
    if (outcome.kind !== 'web') return;
    const line = webHostFallbackLine(outcome.reason);
    expect(line).not.toContain('\n');
    expect(line).toMatch(new RegExp(`^Blockglass: the download of Electron's runtime was refused: .* answered HTTP ${status} .*, so the app runs from the local web host instead\\.$`));
    expect(fs.existsSync(path.join(packageDir, 'dist', 'electron'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'stand-in-ran'))).toBe(false);
  });

  it('downloads nothing when ELECTRON_SKIP_BINARY_DOWNLOAD=1 is set, and says so in one line', async () => {
    const root = tempDir();
    const local = await mirror();
    const { outcome, lines } = await run(root, runEnv(root, local.url, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }));

    expect(outcome).toEqual({ kind: 'web', reason: "Electron's runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set" });
    expect(local.requests).toEqual([]);
    expect(lines).toEqual([]); // no installer started
  });

  it('refuses a download whose checksum does not match, and installs nothing', async () => {
    const root = tempDir();
    const tampered = await mirror({ wrongChecksum: true });
    const { outcome, packageDir } = await run(root, runEnv(root, tampered.url));

    expect(outcome).toEqual({ kind: 'web', reason: `the downloaded ${runtimeZipName(version)} did not match its SHA-256 checksum (nothing was installed)` });
    expect(fs.existsSync(path.join(packageDir, 'dist', 'electron'))).toBe(false);
  });

  it("checks the download against the package's own checksums.json unless told to use the mirror's", async () => {
    const root = tempDir();
    const local = await mirror();
    const env = runEnv(root, local.url);
    delete env.electron_use_remote_checksums;
    const { outcome } = await run(root, env);

    // The stand-in is not the real runtime that checksums.json lists.
    expect(outcome).toEqual({ kind: 'web', reason: `the downloaded ${runtimeZipName(version)} did not match its SHA-256 checksum (nothing was installed)` });
    expect(local.requests).toEqual([`/v${version}/${runtimeZipName(version)}`]);
  });

  it('stops a download that runs past its time limit', async () => {
    const root = tempDir();
    const stalled = await mirror({ stall: true });
    const { outcome } = await run(root, runEnv(root, stalled.url), { installTimeoutMs: 3000 });

    expect(outcome).toEqual({ kind: 'web', reason: `downloading Electron's runtime from ${new URL(stalled.url).host} took longer than 3 s and was stopped` });
  });

  it('stops the installer on a signal (Ctrl+C) without opening anything', async () => {
    const root = tempDir();
    const stalled = await mirror({ stall: true });
    const stop = new AbortController();
    void stalled.requested('.zip').then(() => stop.abort());
    const { outcome } = await run(root, runEnv(root, stalled.url), { signal: stop.signal });

    expect(outcome).toEqual({ kind: 'stopped' });
  });
});
