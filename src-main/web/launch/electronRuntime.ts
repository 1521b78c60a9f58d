import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The `electron` package's folder as the project resolves it, or undefined when it is not installed. */
export function electronPackageDir(projectRoot: string): string | undefined {
  try {
    return path.dirname(createRequire(path.join(projectRoot, 'package.json')).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * The Electron executable, if the runtime for this package's version is installed in it: read the way
 * `require('electron')` and install.js's `isInstalled` do (path.txt, dist/version), but without the
 * former's side effect, which starts a download when the runtime is missing.
 */
export function installedElectronBinary(packageDir: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const relative = fs.readFileSync(path.join(packageDir, 'path.txt'), 'utf8').trim();
    if (relative === '') return undefined;
    const override = env.ELECTRON_OVERRIDE_DIST_PATH;
    if (!override) {
      const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
      const installed = fs.readFileSync(path.join(packageDir, 'dist', 'version'), 'utf8').trim().replace(/^v/, '');
      if (installed !== version) return undefined; // an older runtime left by an upgrade of the package
    }
    const binary = path.join(override ?? path.join(packageDir, 'dist'), relative);
    return fs.existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}
