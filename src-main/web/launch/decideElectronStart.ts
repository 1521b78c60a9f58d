/** What `npm start` does about Electron: run it, install its runtime first, or open the web host and say why. */
export type ElectronStart = { action: 'run'; binary: string } | { action: 'install' } | { action: 'web'; reason: string };

/** What {@link decideElectronStart} looks at, all read by the caller (no I/O here). */
export interface ElectronStartFacts {
  /** The `electron` package's folder, or undefined when the package is not installed. */
  packageDir: string | undefined;
  /** The installed runtime's executable, or undefined when none is installed. */
  binary: string | undefined;
  env: NodeJS.ProcessEnv;
  /** `process.versions.node`. */
  nodeVersion: string;
  /** Whether a window can be shown (hasDisplay). */
  display: boolean;
}

/**
 * The Node versions that run Electron's installer (node_modules/electron/install.js): it `require()`s
 * `@electron/get`, an ES module, which Node does by default from 20.19 in the 20 line and from 22.12 on
 * (Electron's package.json declares `>= 22.12.0`; Node 21 and 22.0–22.11 need a flag, so they cannot).
 */
export const INSTALLER_NODE = { range: '^20.19.0 || >=22.12.0', words: 'Node 20.19+ or 22.12+' } as const;

/** Whether this Node version (`20.19.0`, `v22.12.1`) runs Electron's installer ({@link INSTALLER_NODE}). */
export function nodeRunsElectronInstaller(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10));
  if (major === 20) return minor >= 19;
  if (major === 22) return minor >= 12;
  return major > 22;
}

/** Whether `ELECTRON_SKIP_BINARY_DOWNLOAD` asks not to download the runtime (set, and not empty, 0 or false). */
export function skipsElectronDownload(env: NodeJS.ProcessEnv): boolean {
  const value = env.ELECTRON_SKIP_BINARY_DOWNLOAD?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * Decides from the facts alone: an installed runtime runs; a missing one is installed by Electron's own
 * installer unless something says it cannot be (then the web host opens, and `reason` says why, one clause).
 * Without a display neither is tried: Electron could not show its window, and the web host keeps serving.
 */
export function decideElectronStart(facts: ElectronStartFacts): ElectronStart {
  const { packageDir, binary, env, nodeVersion, display } = facts;
  if (!display) return { action: 'web', reason: 'there is no display for a window (no DISPLAY or WAYLAND_DISPLAY)' };
  if (binary) return { action: 'run', binary };
  if (!packageDir) return { action: 'web', reason: 'the electron package is not installed (run npm install)' };
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) return { action: 'web', reason: `ELECTRON_OVERRIDE_DIST_PATH names ${override}, which holds no Electron runtime` };
  if (skipsElectronDownload(env)) return { action: 'web', reason: "Electron's runtime is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set" };
  if (!nodeRunsElectronInstaller(nodeVersion)) {
    return { action: 'web', reason: `Electron's installer needs ${INSTALLER_NODE.words} and this is Node ${nodeVersion.replace(/^v/, '')}` };
  }
  return { action: 'install' };
}

/** The one line `npm start` prints when it opens the web host instead of Electron. */
export function webHostFallbackLine(reason: string): string {
  return `Blockglass: ${oneLine(reason)}, so the app runs from the local web host instead.`;
}

/** Text on one line: runs of whitespace (newlines included) become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
