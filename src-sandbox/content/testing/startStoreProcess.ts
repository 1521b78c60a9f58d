import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A content store served by a child process, for measuring that process alone. */
export interface StoreProcess {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./storeServerChild.ts', import.meta.url));

/** Starts `storeServerChild.ts` under tsx with a fresh data folder, removed again on stop. */
export async function startStoreProcess(): Promise<StoreProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-content-child-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`content store child exited with code ${code}`)));
  });
  const { origin } = JSON.parse(line) as { origin: string };
  return {
    origin,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
