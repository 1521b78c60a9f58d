// npm run build: electron-vite (the renderer, Electron's main and preload), then the Node bundles:
//   out/sandbox/cli.mjs  the sandbox (src-sandbox/cli.ts)
//   out/web/serve.mjs    npm run serve (scripts/serve.ts)
//   out/web/start.mjs    npm start's launcher: Electron (installed first if missing) or the web host (scripts/start.ts)
//   out/first-frame/renderFirstFrame.js  the renderer's app for Node, which draws a page's first frame (first-frame.vite.config.ts)
// A bundle is one ES module that plain `node` runs, with chunks beside it of what it loads later (see bundleNodeEntry):
// no TypeScript loader and no graph of a thousand module files at start, which cuts start time and memory by more
// than half. Native packages (the keychain, SQLite) stay external, loaded from node_modules.
// `npm start` and `npm run serve` call ensureBuild() first, so the build is never stale.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (relative) => path.join(projectRoot, relative);

/** Where `npm run build` puts the sandbox, and where the app's launcher runs it from. */
export const SANDBOX_BUNDLE = at('out/sandbox/cli.mjs');
/** The web host's launchers. */
export const SERVE_BUNDLE = at('out/web/serve.mjs');
export const START_BUNDLE = at('out/web/start.mjs');

/**
 * Packages loaded from node_modules at run time, never bundled: those with native parts, and those main
 * loads only when first needed (the ABI guesser and the ethers library it brings), so they add nothing to
 * the time a bundle takes to start.
 */
const EXTERNAL = ['libsql', '@napi-rs/keyring', 'electron', '@openchainxyz/abi-guesser', 'ethers'];

/** Sources whose change means the build is out of date (tests excluded: they are not built). */
const SOURCES = ['src-renderer', 'src-shared', 'src-main', 'src-sandbox', 'src-node', 'scripts/serve.ts', 'scripts/start.ts', 'scripts/build.mjs', 'electron.vite.config.ts', 'first-frame.vite.config.ts', 'package.json'];
/** What the build produces. */
export const BUILD_OUTPUTS = ['out/renderer/index.html', 'out/main/index.js', 'out/preload/index.cjs', 'out/sandbox/cli.mjs', 'out/web/serve.mjs', 'out/web/start.mjs', 'out/first-frame/renderFirstFrame.js'];

/** Whether any output is missing or older than the newest source. */
export function isBuildStale(root = projectRoot, outputs = BUILD_OUTPUTS) {
  let oldestOutput = Infinity;
  for (const output of outputs) {
    const stat = fs.statSync(path.join(root, output), { throwIfNoEntry: false });
    if (!stat) return true;
    oldestOutput = Math.min(oldestOutput, stat.mtimeMs);
  }
  return SOURCES.some((source) => {
    const stat = fs.statSync(path.join(root, source), { throwIfNoEntry: false });
    if (!stat) return false;
    return stat.isDirectory() ? changedSince(path.join(root, source), oldestOutput) : stat.mtimeMs > oldestOutput;
  });
}

/**
 * Whether a file under `folder` (tests aside) changed after `time`: it stops at the first one, and stats files only
 * (a folder's type comes with its listing). Every `npm start` and `npm run serve` asks it of some 1,400 files first.
 */
function changedSince(folder, time) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (changedSince(file, time)) return true;
    } else if (!/\.test\.tsx?$/.test(entry.name) && (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) > time) return true;
  }
  return false;
}

/**
 * Bundles one Node entry point (TypeScript, relative to the project root) into `outfile`, each file written
 * whole and renamed into place (a process starting meanwhile runs the old bundle or the new one, never half
 * of one). With `split`, what the entry loads with `import()` goes into chunks beside it (in `chunks`, default `chunks/`; an earlier build's go once `keepStaleMs` old), written
 * before the entry, so a process compiles that code only when it asks for it. Resolves with the outfile;
 * rejects with esbuild's messages when the sources do not compile.
 */
export async function bundleNodeEntry(entry, outfile, { split = false, chunks = 'chunks', keepStaleMs = HOUR_MS } = {}) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.resolve(projectRoot, entry)],
    ...(split
      ? { outdir: path.dirname(outfile), entryNames: path.basename(outfile, '.mjs'), chunkNames: `${chunks}/[name]-[hash]`, outExtension: { '.js': '.mjs' }, splitting: true }
      : { outfile }),
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // The CommonJS packages inside need a real `require` in an ES module.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    logLevel: 'error',
  });
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === outfile) - Number(b.path === outfile)); // the entry last
  for (const file of files) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
  if (split) removeStaleChunks(path.join(path.dirname(outfile), chunks), new Set(files.map((file) => file.path)), keepStaleMs);
  return outfile;
}

const HOUR_MS = 3_600_000;

/** Chunks of earlier builds, once no process that started from them can still be loading them (`keepMs` on). */
function removeStaleChunks(folder, current, keepMs) {
  if (!fs.existsSync(folder)) return;
  const keptSince = Date.now() - keepMs;
  for (const name of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, name.name);
    if (!current.has(file) && name.isFile() && fs.statSync(file).mtimeMs < keptSince) fs.rmSync(file, { force: true });
  }
}

/** Bundles the sandbox CLI into {@link SANDBOX_BUNDLE}. */
export const buildSandbox = () => bundleNodeEntry('src-sandbox/cli.ts', SANDBOX_BUNDLE, { split: true });

/**
 * The Node bundles (sandbox, serve, start). The web host's two launchers split too, each into its own chunk folder:
 * what main loads only when first asked (the EVM a trace replays on, a preview's file-type detection) stays out of
 * what every start compiles (5.9 MB of JavaScript was 0.3 s of `npm run serve`'s start before it spawned the sandbox).
 */
export async function buildBundles() {
  await Promise.all([
    buildSandbox(),
    // A web host loads its chunks when first asked, perhaps hours after it started (the sandbox loads its own at
    // start): an earlier build's are kept a day, for a host still running from it.
    bundleNodeEntry('scripts/serve.ts', SERVE_BUNDLE, { split: true, chunks: 'serve-chunks', keepStaleMs: 24 * HOUR_MS }),
    bundleNodeEntry('scripts/start.ts', START_BUNDLE, { split: true, chunks: 'start-chunks', keepStaleMs: 24 * HOUR_MS }),
  ]);
}

/** Builds the first frame's renderer (first-frame.vite.config.ts) into out/first-frame. */
export async function buildFirstFrame() {
  const { build } = await import('vite');
  await build({ configFile: at('first-frame.vite.config.ts'), logLevel: 'error' });
}

/** The whole build (electron-vite, then the bundles); electron-vite's output goes to stderr (stdout may carry `--json`). */
export async function buildAll() {
  const require = createRequire(at('package.json'));
  const electronVite = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [electronVite, 'build'], { cwd: projectRoot, stdio: ['ignore', process.stderr, process.stderr] });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the build failed (electron-vite build exited with code ${code}); run \`npm run build\` to see why`);
  await Promise.all([buildFirstFrame(), buildBundles()]);
}

/**
 * Builds when the build is out of date. One build at a time per checkout: a second launcher (two
 * `npm start`s, parallel test workers) waits for the first one's build and then finds it fresh.
 */
export async function ensureBuild(log) {
  if (!isBuildStale()) return;
  await withLock(at('out/.build-lock'), async () => {
    if (!isBuildStale()) return; // built by whoever held the lock before
    log('building the app (npm run build)…');
    await buildAll();
  });
}

/**
 * Runs `work` while holding `lockDir` (made with mkdir, which is atomic; it holds the holder's pid). Waits
 * while another live process holds it, and takes over the lock of a process that died holding it.
 */
export async function withLock(lockDir, work, { pollMs = 100 } = {}) {
  fs.mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (!holderIsAlive(lockDir)) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
  try {
    fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Whether the lock's holder still runs (a lock without its pid file is a holder's first instant, unless old). */
function holderIsAlive(lockDir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
  } catch {
    const made = fs.statSync(lockDir, { throwIfNoEntry: false });
    return made !== undefined && Date.now() - made.mtimeMs < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildAll();
    process.stderr.write(`built ${BUILD_OUTPUTS.join(', ')}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
