import fs from 'node:fs';
import path from 'node:path';

// Browsers that can open an `--app` window, most specific first. `CHROMIUM_PATH` wins, as in the e2e setup.
const LINUX_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome', 'microsoft-edge', 'brave-browser'];
const MAC_APPS = [
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
];
const WINDOWS_APPS = ['Google\\Chrome\\Application\\chrome.exe', 'Chromium\\Application\\chrome.exe', 'Microsoft\\Edge\\Application\\msedge.exe'];

/** Where to look, and how to tell whether a file can be run (tests pass their own). */
export interface ChromiumSearch {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  isExecutable(file: string): boolean;
}

/** The path of a Chromium-family browser, or undefined when none is installed. */
export function findChromium(search: ChromiumSearch = { env: process.env, platform: process.platform, isExecutable }): string | undefined {
  const { env, platform } = search;
  const candidates: string[] = [];
  if (env.CHROMIUM_PATH) candidates.push(env.CHROMIUM_PATH);
  if (platform === 'darwin') candidates.push(...MAC_APPS);
  else if (platform === 'win32') {
    for (const base of [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA]) if (base) candidates.push(...WINDOWS_APPS.map((app) => path.win32.join(base, app)));
  } else {
    candidates.push('/usr/bin/chromium');
    const dirs = (env.PATH ?? '').split(path.delimiter).filter((dir) => path.isAbsolute(dir));
    for (const name of LINUX_NAMES) for (const dir of dirs) candidates.push(path.join(dir, name));
  }
  return candidates.find((file) => search.isExecutable(file));
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
