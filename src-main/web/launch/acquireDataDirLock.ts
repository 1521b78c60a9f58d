import fs from 'node:fs';
import path from 'node:path';

/**
 * Takes the data folder for this process, as Electron's single-instance lock does for its shell: a
 * second web host on the same folder would start a second sandbox on the same chain. A lock left by
 * a process that no longer runs is taken over. Answers the function that releases it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'web-host.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => {
        const holder = fs.readFileSync(file, { encoding: 'utf8', flag: 'r' }).trim(); // throws only if someone removed it: nothing to release
        if (holder === String(process.pid)) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isSafeInteger(holder) && holder > 0 && isRunning(holder)) {
        throw new Error(`Blockglass is already running on ${dataDir} (process ${holder}). Close it first, or pass another folder with --data.`);
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
