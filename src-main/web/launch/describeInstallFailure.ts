import { oneLine } from './decideElectronStart';

/** How a run of Electron's installer (node_modules/electron/install.js) ended without installing. */
export interface InstallFailure {
  /** Its exit code (install.js exits 1 and prints the error's stack on stderr), or null when killed. */
  exitCode: number | null;
  /** What it printed on stderr. */
  stderr: string;
  /** Set when it was stopped for running past this many milliseconds. */
  timedOutAfterMs?: number;
  /** Where it downloads from ({@link electronDownloadHost}). */
  host: string;
}

/**
 * The host Electron's installer downloads from: the mirror `@electron/get` reads from npm's config or the
 * environment (`ELECTRON_MIRROR` and its npm forms, as in its artifact-utils), else GitHub.
 */
export function electronDownloadHost(env: NodeJS.ProcessEnv): string {
  const mirror = env.npm_config_electron_mirror || env.NPM_CONFIG_ELECTRON_MIRROR || env.npm_package_config_electron_mirror || env.ELECTRON_MIRROR;
  if (!mirror) return 'github.com';
  try {
    return new URL(mirror).host;
  } catch {
    return mirror;
  }
}

/** A number of milliseconds in words: `90 s`, `10 min`. */
export function duration(ms: number): string {
  return ms >= 120_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 1000)} s`;
}

/**
 * Why the installer did not install, as one clause for {@link webHostFallbackLine}: read from the error it
 * printed (@electron/get's HTTPError, sumchecker's mismatch, fetch's failure), else its first line.
 */
export function describeInstallFailure(failure: InstallFailure): string {
  const { exitCode, stderr, timedOutAfterMs, host } = failure;
  if (timedOutAfterMs !== undefined) return `downloading Electron's runtime from ${host} took longer than ${duration(timedOutAfterMs)} and was stopped`;
  const refused = /HTTPError: Response code (\d+) \(([^)]*)\) for (\S+)/.exec(stderr);
  if (refused) {
    const [, status, statusText, url] = refused;
    const file = url!.slice(url!.lastIndexOf('/') + 1);
    return `the download of Electron's runtime was refused: ${host} answered HTTP ${status}${statusText ? ` ${statusText}` : ''} for ${file}`;
  }
  const mismatch = /checksum for "([^"]+)" did not match/i.exec(stderr);
  if (mismatch) return `the downloaded ${mismatch[1]} did not match its SHA-256 checksum (nothing was installed)`;
  if (/fetch failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ENETUNREACH|ECONNRESET/.test(stderr)) {
    return `Electron's runtime could not be downloaded: ${host} could not be reached (no network?)`;
  }
  const firstLine = stderr.split('\n').map((line) => line.trim()).find((line) => line !== '');
  const said = firstLine ? `: ${oneLine(firstLine).slice(0, 200)}` : '';
  return `Electron's installer failed (${exitCode === null ? 'it was killed' : `exit code ${exitCode}`})${said}`;
}
