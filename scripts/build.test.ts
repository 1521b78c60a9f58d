import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test-support/tempDirs';
import { bundleNodeEntry, isBuildStale, withLock } from './build.mjs';

const tempDir = useTempDirs('blockglass-build-');

describe('isBuildStale', () => {
  it('is stale when an output is missing or older than a source, not when only tests changed', () => {
    const root = tempDir();
    const write = (file: string, mtime: number) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), 'x');
      fs.utimesSync(path.join(root, file), mtime, mtime);
    };
    write('src-renderer/main.tsx', 1000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(true);
    write('out/renderer/index.html', 2000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(false);
    write('src-renderer/main.test.tsx', 3000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(false);
    write('src-shared/api/contract.ts', 3000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(true);
  });
});

describe('bundleNodeEntry with split (the sandbox)', () => {
  it('keeps the interfaces out of the entry, in chunks written before it, loaded when asked; old chunks go after an hour', { timeout: 120_000 }, async () => {
    const outDir = tempDir();
    const chunks = path.join(outDir, 'chunks');
    fs.mkdirSync(chunks);
    const old = path.join(chunks, 'chunk-OLD.mjs');
    const recent = path.join(chunks, 'chunk-RECENT.mjs');
    for (const file of [old, recent]) fs.writeFileSync(file, '');
    fs.utimesSync(old, new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));

    const entry = await bundleNodeEntry('src-sandbox/cli.ts', path.join(outDir, 'cli.mjs'), { split: true });
    const text = fs.readFileSync(entry, 'utf8');
    expect(text).not.toMatch(/function createGateway|function createContentStore/); // compiled only once Anvil runs
    expect(text).toMatch(/import\("\.\/chunks\/servedParts-[\w-]+\.mjs"\)/);
    const written = fs.readdirSync(chunks);
    expect(written.some((name) => /^servedParts-/.test(name))).toBe(true);
    expect(written).not.toContain('chunk-OLD.mjs');
    expect(written).toContain('chunk-RECENT.mjs');
    for (const name of written) expect(fs.statSync(path.join(chunks, name)).mtimeMs).toBeLessThanOrEqual(fs.statSync(entry).mtimeMs);

    const help = spawnSync(process.execPath, [entry, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--data/);
  });
});

describe('bundleNodeEntry with split (the web host)', () => {
  it('leaves the EVM and the preview\'s file-type detection to chunks it loads when first asked; an earlier build\'s go after keepStaleMs', { timeout: 120_000 }, async () => {
    const outDir = tempDir();
    const folder = path.join(outDir, 'serve-chunks');
    fs.mkdirSync(folder);
    const aged = (name: string, hours: number) => {
      const file = path.join(folder, name);
      fs.writeFileSync(file, '');
      fs.utimesSync(file, new Date(Date.now() - hours * 3_600_000), new Date(Date.now() - hours * 3_600_000));
    };
    aged('chunk-HOURS.mjs', 2); // a host started from that build may still load it
    aged('chunk-DAYS.mjs', 25);
    const entry = await bundleNodeEntry('scripts/serve.ts', path.join(outDir, 'serve.mjs'), { split: true, chunks: 'serve-chunks', keepStaleMs: 24 * 3_600_000 });
    expect(fs.readdirSync(folder)).toContain('chunk-HOURS.mjs');
    expect(fs.readdirSync(folder)).not.toContain('chunk-DAYS.mjs');
    const text = fs.readFileSync(entry, 'utf8');
    for (const lazy of ['replayTransaction', 'runWhatIf', 'readPreview']) expect(text).toMatch(new RegExp(`import\\("\\./serve-chunks/${lazy}-[\\w-]+\\.mjs"\\)`));
    // esbuild names each bundled file in a comment: these packages are not in what every start compiles.
    expect(text).not.toMatch(/node_modules\/@ethereumjs\/evm\/|node_modules\/file-type\//);
    const chunks = fs.readdirSync(folder).map((name) => fs.readFileSync(path.join(folder, name), 'utf8'));
    expect(chunks.some((chunk) => chunk.includes('node_modules/@ethereumjs/evm/'))).toBe(true);
    expect(chunks.some((chunk) => chunk.includes('node_modules/file-type/'))).toBe(true);
  });
});

describe('withLock', () => {
  it('runs one holder at a time: the second waits for the first to finish', async () => {
    const lock = path.join(tempDir(), 'lock');
    const events: string[] = [];
    const hold = (name: string, ms: number) =>
      withLock(lock, async () => {
        events.push(`${name} in`);
        // The holder's work: the time in which a second holder, polling every 10 ms, must not get in.
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${name} out`);
        return name;
      }, { pollMs: 10 });
    expect(await Promise.all([hold('a', 150), hold('b', 10)])).toEqual(['a', 'b']);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('waits while another live process holds the lock, and takes over the lock of a dead one', async () => {
    const lock = path.join(tempDir(), 'lock');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(holder.pid));
      let ran = false;
      const waiting = withLock(lock, async () => (ran = true), { pollMs: 10 });
      // Nothing to await while nothing is meant to happen: twenty polls' time in which it must not run.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ran).toBe(false);
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      await waiting; // the holder died without releasing: its lock is taken over
      expect(ran).toBe(true);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('releases the lock when the work fails, and takes over the lock of a holder that died', async () => {
    const lock = path.join(tempDir(), 'lock');
    await expect(withLock(lock, async () => Promise.reject(new Error('build broke')))).rejects.toThrow('build broke');
    expect(fs.existsSync(lock)).toBe(false);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.mkdirSync(lock);
    fs.writeFileSync(path.join(lock, 'pid'), String(dead));
    expect(await withLock(lock, async () => 'taken over', { pollMs: 10 })).toBe('taken over');
  });
});
