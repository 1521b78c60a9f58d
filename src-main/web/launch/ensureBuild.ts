import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Sources whose change means the build is out of date (tests excluded: they are not built). */
const SOURCES = ['src-renderer', 'src-shared', 'src-main', 'src-sandbox', 'electron.vite.config.ts', 'scripts/buildSandbox.mjs', 'package.json'];

/** What `npm run build` produces: the renderer, Electron's main and preload (electron-vite), and the sandbox's bundle. */
export const BUILD_OUTPUTS = ['out/renderer/index.html', 'out/main/index.js', 'out/preload/index.cjs', 'out/sandbox/cli.mjs'];

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

/** Builds as `npm run build` does when the build is out of date; its output goes to stderr (stdout may carry `--json`). */
export async function ensureBuild(projectRoot: string, log: (line: string) => void): Promise<void> {
  if (!isBuildStale(projectRoot)) return;
  log('building the app (npm run build)…');
  const require = createRequire(path.join(projectRoot, 'package.json'));
  const electronVite = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  await runBuildStep(projectRoot, [electronVite, 'build'], 'electron-vite build');
  await runBuildStep(projectRoot, [path.join(projectRoot, 'scripts', 'buildSandbox.mjs')], 'node scripts/buildSandbox.mjs');
}

async function runBuildStep(projectRoot: string, args: string[], name: string): Promise<void> {
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: ['ignore', process.stderr, process.stderr] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the build failed (${name} exited with code ${code}); run \`npm run build\` to see why`);
}
