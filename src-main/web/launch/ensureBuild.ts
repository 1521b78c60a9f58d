import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Sources whose change means the build is out of date (tests excluded: they are not built). */
const SOURCES = ['src-renderer', 'src-shared', 'src-main', 'electron.vite.config.ts', 'package.json'];

/** What `electron-vite build` produces: the renderer, and Electron's main and preload. */
export const BUILD_OUTPUTS = ['out/renderer/index.html', 'out/main/index.js', 'out/preload/index.cjs'];

/** Whether any output is missing or older than the newest source. */
export function isBuildStale(projectRoot: string, outputs: readonly string[] = BUILD_OUTPUTS): boolean {
  let oldestOutput = Infinity;
  for (const output of outputs) {
    const stat = fs.statSync(path.join(projectRoot, output), { throwIfNoEntry: false });
    if (!stat) return true;
    oldestOutput = Math.min(oldestOutput, stat.mtimeMs);
  }
  return SOURCES.some((source) => newestMtime(path.join(projectRoot, source)) > oldestOutput);
}

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds with `electron-vite build` when the build is out of date; its output goes to stderr (stdout may carry `--json`). */
export async function ensureBuild(projectRoot: string, log: (line: string) => void): Promise<void> {
  if (!isBuildStale(projectRoot)) return;
  log('building the app (electron-vite build)…');
  const require = createRequire(path.join(projectRoot, 'package.json'));
  const cli = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build'], { cwd: projectRoot, stdio: ['ignore', process.stderr, process.stderr] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the build failed (electron-vite build exited with code ${code}); run \`npx electron-vite build\` to see why`);
}
