import fs from 'node:fs';
import path from 'node:path';
import { SAVED_CHAIN_FILES } from './savedChainFiles';
import { seedSourceHash } from './seedSourceHash';

// One seeded sandbox data folder per version of the seeder (`.cache/seed-<hash>`): the chain as seeded (never run
// with live traffic, so it does not grow) and the content store with the demo folder and the contracts' metadata
// already added. Every fixture copies it: the vitest run's shared sandbox, each test's own sandbox, the journeys'
// sandbox and each journey's app. A copy restores in a second or two instead of seeding (8 s) and importing the
// 50 MiB demo file (2 s).

/** Where the seeded data folder of this seeder version is. */
export function seededSandboxDir(): string {
  return path.resolve('.cache', `seed-${seedSourceHash()}`);
}

/** True when `dir` holds a whole seeded sandbox (its manifest is written last, the demo marker after the import). */
function isSeeded(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'chain', 'manifest.json')) && fs.existsSync(path.join(dir, 'content', 'demo.json'));
}

/**
 * The seeded data folder, seeded first when this seeder version has none: a sandbox without traffic seeds it in a
 * folder of its own, stops (saving the chain), and the folder is renamed into place, so a run that dies mid-seed
 * leaves nothing half made under the final name.
 */
export async function ensureSeededSandbox(log: (line: string) => void = () => {}): Promise<string> {
  const dir = seededSandboxDir();
  if (isSeeded(dir)) return dir;
  const { startSandbox } = await import('../src-sandbox/sandbox');
  const making = `${dir}.making-${process.pid}`;
  fs.rmSync(making, { recursive: true, force: true });
  const started = Date.now();
  const sandbox = await startSandbox({ dataDir: making, blockTimeSeconds: 0, log });
  await sandbox.close();
  fs.rmSync(path.join(making, 'keys.json'), { force: true }); // each copy makes or is given its own key
  if (!isSeeded(dir)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(making, dir);
  } else fs.rmSync(making, { recursive: true, force: true }); // seeded meanwhile by another run
  log(`seeded ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dir;
}

/**
 * Copies a seeded sandbox's chain and content store into the sandbox data folder `to` (created): the chain files,
 * and the content store with its blocks hard-linked (blocks are immutable files, written by rename and removed by
 * unlink, so a link is never written through) and its small records copied.
 */
export function copySeededSandbox(from: string, to: string): void {
  const chain = path.join(to, 'chain');
  fs.mkdirSync(chain, { recursive: true });
  for (const file of SAVED_CHAIN_FILES) {
    const source = path.join(from, 'chain', file);
    if (fs.existsSync(source)) fs.copyFileSync(source, path.join(chain, file));
  }
  copyTree(path.join(from, 'content'), path.join(to, 'content'));
}

function copyTree(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else if (entry.name.endsWith('.json')) fs.copyFileSync(source, target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target); // another file system
      }
    }
  }
}
