import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumArgs } from './chromiumArgs';
import { writeLaunchPage } from './writeLaunchPage';

/** A Chromium `--app` window this process started. */
export interface AppWindow {
  /** Resolves when the browser exits (the person closed the window), with its exit code. */
  closed: Promise<number | null>;
  /** Deletes the launch page (call once the window has connected: the token is in memory there). */
  forgetLaunchPage(): void;
  /** Closes the window if it is open and removes its profile. */
  close(): Promise<void>;
}

/**
 * Opens `url` in a Chromium `--app` window with a fresh, private profile (removed when it closes).
 * The URL reaches the browser through a launch page, never its command line.
 */
export function openAppWindow({ browser, url, log }: { browser: string; url: string; log: (line: string) => void }): AppWindow {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-window-')); // mode 0700
  const launch = writeLaunchPage(profileDir, url);
  const child = spawn(browser, chromiumArgs(launch.fileUrl, profileDir, process.getuid?.() === 0), { stdio: ['ignore', 'ignore', 'pipe'] });
  // Chromium is chatty on stderr; keep the tail to explain a failed start, and nothing else.
  let tail = '';
  child.stderr.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-2000)));
  const removeProfile = () => fs.rmSync(profileDir, { recursive: true, force: true, maxRetries: 3 });
  const closed = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      log(`could not start ${browser}: ${error.message}`);
      resolve(null);
    });
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) log(`${path.basename(browser)} exited with code ${code}: ${tail.trim().split('\n').slice(-3).join(' | ')}`);
      resolve(code);
    });
  }).finally(removeProfile);

  return {
    closed,
    forgetLaunchPage: () => fs.rmSync(launch.file, { force: true }),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await closed;
        clearTimeout(timer);
      } else {
        await closed;
      }
    },
  };
}
