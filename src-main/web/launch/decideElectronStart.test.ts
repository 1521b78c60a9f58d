import { describe, expect, it } from 'vitest';
import { decideElectronStart, nodeRunsElectronInstaller, skipsElectronDownload, webHostFallbackLine, type ElectronStartFacts } from './decideElectronStart';
import { describeInstallFailure, electronDownloadHost } from './describeInstallFailure';

const facts = (changes: Partial<ElectronStartFacts> = {}): ElectronStartFacts => ({
  packageDir: '/app/node_modules/electron',
  binary: undefined,
  env: {},
  nodeVersion: '20.20.2',
  display: true,
  ...changes,
});

describe('decideElectronStart', () => {
  it('runs an installed runtime, and installs a missing one', () => {
    expect(decideElectronStart(facts({ binary: '/app/node_modules/electron/dist/electron' }))).toEqual({ action: 'run', binary: '/app/node_modules/electron/dist/electron' });
    expect(decideElectronStart(facts())).toEqual({ action: 'install' });
    expect(decideElectronStart(facts({ nodeVersion: '22.12.0' }))).toEqual({ action: 'install' });
  });

  it.each([
    [{ display: false, binary: '/x/electron' }, 'there is no display for a window (no DISPLAY or WAYLAND_DISPLAY)'],
    [{ packageDir: undefined }, 'the electron package is not installed (run npm install)'],
    [{ env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } }, "Electron's runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set"],
    [{ env: { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' } }, 'ELECTRON_OVERRIDE_DIST_PATH names /opt/electron, which holds no Electron runtime'],
    [{ nodeVersion: '22.3.0' }, "Electron's installer needs Node 20.19+ or 22.12+ and this is Node 22.3.0"],
    [{ nodeVersion: 'v20.18.1' }, "Electron's installer needs Node 20.19+ or 22.12+ and this is Node 20.18.1"],
  ])('opens the web host when %j, and says why', (changes, reason) => {
    expect(decideElectronStart(facts(changes))).toEqual({ action: 'web', reason });
  });

  it('says why in one line', () => {
    expect(webHostFallbackLine("Electron's runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set")).toMatchInlineSnapshot(
      `"Blockglass: Electron's runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so the app runs from the local web host instead."`,
    );
    expect(webHostFallbackLine('two\nlines ')).toBe('Blockglass: two lines, so the app runs from the local web host instead.');
  });
});

describe('nodeRunsElectronInstaller', () => {
  it.each([
    ['20.19.0', true],
    ['v20.20.2', true],
    ['22.12.0', true],
    ['24.1.0', true],
    ['20.18.3', false],
    ['21.7.3', false],
    ['22.11.0', false],
    ['18.20.0', false],
  ])('%s: %s', (version, runs) => {
    expect(nodeRunsElectronInstaller(version)).toBe(runs);
  });
});

describe('skipsElectronDownload', () => {
  it('is on for any value but empty, 0 and false', () => {
    expect([undefined, '', '0', 'false', 'FALSE', '1', 'true', 'yes'].map((value) => skipsElectronDownload(value === undefined ? {} : { ELECTRON_SKIP_BINARY_DOWNLOAD: value }))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe('describeInstallFailure', () => {
  const stack = (first: string) => `${first}\n    at downloadArtifact (file:///app/node_modules/@electron/get/dist/index.js:154:12)\n`;

  it('names the download host', () => {
    expect(electronDownloadHost({})).toBe('github.com');
    expect(electronDownloadHost({ ELECTRON_MIRROR: 'https://npmmirror.com/mirrors/electron/' })).toBe('npmmirror.com');
    expect(electronDownloadHost({ npm_config_electron_mirror: 'http://127.0.0.1:8080/' })).toBe('127.0.0.1:8080');
  });

  it.each([
    [
      stack('HTTPError: Response code 404 (Not Found) for https://github.com/electron/electron/releases/download/v45.4.1/electron-v45.4.1-linux-x64.zip'),
      "the download of Electron's runtime was refused: github.com answered HTTP 404 Not Found for electron-v45.4.1-linux-x64.zip",
    ],
    [
      stack('Error: Generated checksum for "electron-v45.4.1-linux-x64.zip" did not match expected checksum.'),
      "the downloaded electron-v45.4.1-linux-x64.zip did not match its SHA-256 checksum (nothing was installed)",
    ],
    [stack('TypeError: fetch failed'), "Electron's runtime could not be downloaded: github.com could not be reached (no network?)"],
    [stack('Error: Electron builds are not available on platform: aix'), "Electron's installer failed (exit code 1): Error: Electron builds are not available on platform: aix"],
    ['', "Electron's installer failed (exit code 1)"],
  ])('reads what the installer printed', (stderr, reason) => {
    expect(describeInstallFailure({ exitCode: 1, stderr, host: 'github.com' })).toBe(reason);
  });

  it('says how long it waited', () => {
    expect(describeInstallFailure({ exitCode: null, stderr: '', host: 'github.com', timedOutAfterMs: 600_000 })).toBe(
      "downloading Electron's runtime from github.com took longer than 10 min and was stopped",
    );
  });
});
