import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeInstallFailure, duration, electronDownloadHost } from './describeInstallFailure';
import { installedElectronBinary } from './electronRuntime';

/** How long `npm start` lets Electron's installer run (the Linux runtime is about 100 MB). */
export const ELECTRON_INSTALL_TIMEOUT_MS = 10 * 60_000;
/** How often a line says how much has been downloaded so far. */
const PROGRESS_EVERY_MS = 10_000;

export interface InstallElectronOptions {
  /** The `electron` package's folder: its install.js runs there and extracts into its dist/. */
  packageDir: string;
  /** The installer's environment (its mirror, cache and checksum settings are read from it). */
  env: NodeJS.ProcessEnv;
  /** Progress lines (stderr). */
  log: (line: string) => void;
  timeoutMs?: number;
  /** Stops the installer (Ctrl+C, SIGTERM): the result is then `stopped`. */
  signal?: AbortSignal;
}

export type InstallElectronResult = { ok: true; binary: string } | { ok: false; stopped: boolean; reason: string };

/**
 * Runs Electron's own installer (node_modules/electron/install.js: @electron/get, which checks the download
 * against the package's checksums.json, or the mirror's SHASUMS256.txt when `electron_use_remote_checksums`
 * is set; nothing here turns that off) within a time limit, printing progress, and says why in one clause when
 * it does not install. Its downloads go to a temporary folder of its own (TMPDIR), removed afterwards, so a
 * stopped run leaves no partial file behind.
 */
export async function installElectronRuntime(options: InstallElectronOptions): Promise<InstallElectronResult> {
  const { packageDir, env, log, timeoutMs = ELECTRON_INSTALL_TIMEOUT_MS, signal } = options;
  const host = electronDownloadHost(env);
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-electron-install-'));
  log(`Electron's runtime is not installed: downloading Electron ${version} from ${host} with Electron's installer (at most ${duration(timeoutMs)}; Ctrl+C stops)…`);
  const started = Date.now();
  try {
    const child = spawn(process.execPath, [path.join(packageDir, 'install.js')], {
      cwd: packageDir,
      env: { ...env, TMPDIR: tempDir, TMP: tempDir, TEMP: tempDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-16_384)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const stop = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', stop, { once: true });
    let shown = 0;
    const progress = setInterval(() => {
      const bytes = bytesUnder(tempDir);
      if (bytes > shown) log(`downloading Electron's runtime: ${(bytes / 1_048_576).toFixed(0)} MB so far…`);
      shown = Math.max(shown, bytes);
    }, PROGRESS_EVERY_MS);
    const exitCode = await new Promise<number | null>((resolve) => {
      child.once('error', (error) => {
        stderr += `\n${error.message}`;
        resolve(null);
      });
      child.once('close', (code) => resolve(code));
    });
    clearTimeout(timer);
    clearInterval(progress);
    signal?.removeEventListener('abort', stop);
    if (signal?.aborted) return { ok: false, stopped: true, reason: "the installation of Electron's runtime was stopped" };
    const binary = exitCode === 0 ? installedElectronBinary(packageDir, env) : undefined;
    if (binary) {
      log(`Electron's runtime is installed (${((Date.now() - started) / 1000).toFixed(0)} s).`);
      return { ok: true, binary };
    }
    if (exitCode === 0) return { ok: false, stopped: false, reason: "Electron's installer finished, but no runtime for this version is in its dist folder" };
    return { ok: false, stopped: false, reason: describeInstallFailure({ exitCode, stderr, host, ...(timedOut ? { timedOutAfterMs: timeoutMs } : {}) }) };
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

/** The size of the files under a folder (the download under way), 0 where it cannot be read. */
function bytesUnder(dir: string): number {
  let total = 0;
  try {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0;
    }
  } catch {
    // the folder changed while it was read: this round shows nothing
  }
  return total;
}
