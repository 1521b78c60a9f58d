import fs from 'node:fs';
import path from 'node:path';
import { residentBytes } from '../test-support/processMemory';
import { commandLine, descendants } from '../test-support/processTree';

// What the soak watches (bench/soak.ts, e2e/leave-the-app-open.spec.ts), read from /proc (Linux) at each mark: the
// resident memory of the app's processes and the nodes it talks to, and the size of the sandbox's folder.

/** One thing measured at each mark: a process (or processes, summed) in MiB, or a folder's size on disk in MiB. */
export interface Watched {
  name: string;
  /** The value now, in MiB; NaN when it cannot be read (the process is gone). */
  read(): number;
}

const MIB = 1024 * 1024;

/** Resident memory of these processes, summed, in MiB; NaN when none is there. */
export function residentMib(pids: number[]): number {
  const sizes = pids.map(residentBytes).filter((bytes): bytes is number => bytes !== undefined);
  return sizes.length ? sizes.reduce((a, b) => a + b, 0) / MIB : Number.NaN;
}

/** The app's processes under `root` (the process that started the web host and the browser), found by what they run. */
export interface AppProcesses {
  /** The web host: the main process. */
  main?: number;
  /** Chromium's renderer processes (`--type=renderer`) under `root`: the app's window, and a spare Chromium may keep. */
  renderers: number[];
  /** The sandbox's Node process (not the guard it runs under). */
  sandbox?: number;
  /** The sandbox's live Anvil (it mines), and its seeded Anvil (`--no-mining`: every seeded block's state, read only). */
  anvilLive?: number;
  anvilSeeded?: number;
}

const program = (pid: number) => path.basename(commandLine(pid).split(' ')[0] ?? '');

/**
 * Finds the app of data folder `dataDir` under `root`: main is the web host (`serve` with that folder; the innermost,
 * should it have restarted itself in a keyring session), the sandbox the Node process running the sandbox's CLI on
 * `<dataDir>/sandbox`, its Anvils the `anvil` processes under it. Looked up at each mark: a restarted process has
 * a new PID.
 */
export function findAppProcesses(root: number, dataDir: string): AppProcesses {
  const all = descendants(root);
  const hosts = all.filter((pid) => program(pid) === 'node' && /serve/.test(commandLine(pid)) && commandLine(pid).includes(dataDir));
  const main = hosts.find((pid) => !descendants(pid).some((child) => hosts.includes(child)));
  const sandbox = all.find((pid) => program(pid) === 'node' && commandLine(pid).includes('cli.mjs') && commandLine(pid).includes(dataDir));
  const anvils = sandbox === undefined ? [] : descendants(sandbox).filter((pid) => program(pid) === 'anvil');
  return {
    ...(main !== undefined ? { main } : {}),
    renderers: all.filter((pid) => commandLine(pid).includes('--type=renderer')),
    ...(sandbox !== undefined ? { sandbox } : {}),
    ...optional('anvilLive', anvils.find((pid) => !commandLine(pid).includes('--no-mining'))),
    ...optional('anvilSeeded', anvils.find((pid) => commandLine(pid).includes('--no-mining'))),
  };
}

function optional<K extends string>(key: K, pid: number | undefined): Partial<Record<K, number>> {
  return pid === undefined ? {} : ({ [key]: pid } as Record<K, number>);
}

/** The app's processes and the sandbox's folder, as watched things (found afresh at each reading). */
export function watchApp(root: number, dataDir: string): Watched[] {
  const find = () => findAppProcesses(root, dataDir);
  const one = (pid: number | undefined) => (pid === undefined ? Number.NaN : residentMib([pid]));
  return [
    { name: 'main (the web host)', read: () => one(find().main) },
    { name: 'renderer (Chromium renderers, summed)', read: () => residentMib(find().renderers) },
    { name: 'sandbox (its Node process)', read: () => one(find().sandbox) },
    { name: 'Anvil, live node', read: () => one(find().anvilLive) },
    { name: 'Anvil, seeded node', read: () => one(find().anvilSeeded) },
    { name: 'sandbox folder (on disk)', read: () => folderMib(path.join(dataDir, 'sandbox')) },
  ];
}

/** A folder's size on disk in MiB (allocated blocks, as du counts them: a file linked twice counts once). */
export function folderMib(dir: string): number {
  const seen = new Set<string>();
  let bytes = 0;
  const walk = (at: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(at, { withFileTypes: true });
    } catch {
      return; // removed meanwhile
    }
    for (const entry of entries) {
      const file = path.join(at, entry.name);
      try {
        const stat = fs.lstatSync(file);
        const inode = `${stat.dev}:${stat.ino}`;
        if (seen.has(inode)) continue;
        seen.add(inode);
        bytes += stat.blocks * 512;
        if (stat.isDirectory()) walk(file);
      } catch {
        // removed meanwhile (the sandbox writes its dump through a part file)
      }
    }
  };
  walk(dir);
  return bytes / MIB;
}

/** Every watched thing read now, in order. */
export function readAll(watched: Watched[]): number[] {
  return watched.map((thing) => thing.read());
}

/** The quiet before each of the soak's marks: at least `leastMs`, then until a reading holds within `steadyMib` for `steadyMs`, at most `mostMs`. */
export const SOAK_QUIET = { leastMs: 15_000, steadyMs: 5_000, steadyMib: 2, mostMs: 60_000 } as const;

/**
 * Leaves the app alone, as a person who looks away: waits {@link SOAK_QUIET}'s least, then until `read` (a process's
 * RSS, MiB) has held steady, reading it once a second.
 */
export async function quietUntilSteady(read: () => number): Promise<void> {
  const from = Date.now();
  const seen: { at: number; mib: number }[] = [];
  for (;;) {
    const now = Date.now();
    seen.push({ at: now, mib: read() });
    const recent = seen.filter((reading) => reading.at >= now - SOAK_QUIET.steadyMs).map((reading) => reading.mib);
    const steady = now - seen[0]!.at >= SOAK_QUIET.steadyMs && Math.max(...recent) - Math.min(...recent) <= SOAK_QUIET.steadyMib;
    if (now - from >= SOAK_QUIET.mostMs || (now - from >= SOAK_QUIET.leastMs && steady)) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The soak's bound: a figure at the end may be at most its value after warm-up grown by 25%, plus 50 MiB. */
export const SOAK_GROWTH = { limit: 0.25, plus: 50 } as const;

/** Whether `end` keeps within {@link SOAK_GROWTH} of `warm`. */
export function withinSoakGrowth(warm: number, end: number): boolean {
  return Number.isFinite(warm) && Number.isFinite(end) && end <= warm * (1 + SOAK_GROWTH.limit) + SOAK_GROWTH.plus;
}
