import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SandboxStatus } from '../../../../src-shared/api/sandbox';
import { commandLine, descendants } from '../../../../test-support/processTree';
import type { SaveFile } from '../../files/createDownloads';
import { writeFileAtomically } from '../../files/writeFileAtomically';
import { sharedSandbox } from '../../rpc/testing/sharedSandbox';
import { seededDataDir } from '../../sandbox/testing/seededDataDir';
import { createSecretStore } from '../../secrets/createSecretStore';
import { createAppServices, type AppServices } from '../createAppServices';
import { callContext, eventually } from './appTestKit';
import { countOf } from '../../../../src-shared/text/countOf';

/** The app's services on a sandbox of their own, which a fault test may kill; see {@link startFaultApp}. */
export interface FaultApp {
  app: AppServices;
  dataDir: string;
  /** Where saves go (the save dialog's answer is `<saveDir>/<name>`). */
  saveDir: string;
  /** Everything the services logged. */
  lines: string[];
  status(): Promise<SandboxStatus>;
  /** The sandbox process (`out/sandbox/cli.mjs` for this data folder). */
  sandboxPid(): number;
  /** Its Anvil node. */
  anvilPid(): number;
  /** kill -9 of a process; resolves with the moment it was sent. */
  kill(pid: number): number;
  /** Resolves with the moment the sandbox is seen running again after `restarts` restarts in all. */
  runningAgain(restarts: number, timeoutMs?: number): Promise<number>;
  /** Waits until the sandbox has a new Anvil (not `killed`) answering through its gateway; when it was seen. */
  nodeBack(killed: number, timeoutMs?: number): Promise<number>;
  /** The Local network's key and secret, read from the keychain as the app keeps them. */
  localKeys(): Promise<{ key: string; secret: string | null }>;
  /** A file's bytes as this sandbox's store holds them (`cat`, straight from the store). */
  cat(cid: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Starts the app's real services (createAppServices, web shell) in a fresh data folder holding a copy of the
 * shared test sandbox's seeded chain, with a sandbox of its own (one block a second) that a test may kill
 * without touching the other suites. Saves go to a temp folder through `writeFileAtomically`, each chunk after
 * `diskBytesPerSecond` (a slow disk, so a save is still running when the test acts).
 */
export async function startFaultApp(options: { diskBytesPerSecond?: number } = {}): Promise<FaultApp> {
  const shared = sharedSandbox();
  const dataDir = seededDataDir(shared.seedDir, 'blockglass-faults-');
  const saveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-fault-saves-'));
  const keychainService = `blockglass-faults-${crypto.randomBytes(4).toString('hex')}`;
  const lines: string[] = [];
  const rate = options.diskBytesPerSecond;
  const saveFile: SaveFile = async (file) => {
    const to = path.join(saveDir, file.name);
    async function* slowly() {
      for await (const chunk of file.chunks()) {
        if (rate) await new Promise((resolve) => setTimeout(resolve, (chunk.length / rate) * 1000));
        yield chunk;
      }
    }
    await writeFileAtomically(to, slowly(), { lent: file.lent ?? false });
    return { kind: 'saved', path: to };
  };
  const app = await createAppServices({
    dataDir,
    shell: 'web',
    projectRoot: process.cwd(),
    version: '0.1.0-faults',
    keychainService,
    sandboxArgs: ['--block-time', '1'],
    saveFile,
    log: (line) => lines.push(line),
  });
  const status = () => app.handlers['sandbox.status']({}, callContext());
  await eventually(async () => (await status()).state === 'running', 'the sandbox to run', 120_000);

  const sandboxPid = () => {
    // The sandbox's node process itself, not the guard the app runs it under (`sh -c … sandbox-guard node cli.mjs …`).
    const pid = descendants(process.pid).find((candidate) => {
      const line = commandLine(candidate);
      return /(^|\/)node$/.test(line.split(' ')[0]!) && line.includes('cli.mjs') && line.includes(dataDir);
    });
    if (pid === undefined) throw new Error(`no sandbox process for ${dataDir}`);
    return pid;
  };
  return {
    app,
    dataDir,
    saveDir,
    lines,
    status,
    sandboxPid,
    anvilPid() {
      // The node itself, not its guard (`sh -c … anvil-guard /…/anvil …`, whose command line names it too).
      const pid = descendants(sandboxPid()).find((candidate) => commandLine(candidate).split(' ')[0]!.endsWith('/anvil'));
      if (pid === undefined) throw new Error('no Anvil under the sandbox');
      return pid;
    },
    kill(pid) {
      process.kill(pid, 'SIGKILL');
      return Date.now();
    },
    async runningAgain(restarts, timeoutMs = 60_000) {
      let at = 0;
      const waiting = eventually(
        async () => {
          const now = await status();
          if (now.state !== 'running' || now.restarts < restarts) return false;
          at = Date.now();
          return true;
        },
        `the sandbox to run again after ${countOf(restarts, 'restart')}`,
        timeoutMs,
      );
      // When it does not come back, say what the app saw: its status and its last log lines.
      await waiting.catch(async (error: Error) => {
        throw new Error(`${error.message}; status ${JSON.stringify(await status())}; log:\n${lines.slice(-15).join('\n')}`);
      });
      return at;
    },
    async nodeBack(killed, timeoutMs = 60_000) {
      let at = 0;
      await eventually(
        async () => {
          const pid = descendants(sandboxPid()).find((candidate) => commandLine(candidate).split(' ')[0]!.endsWith('/anvil'));
          if (pid === undefined || pid === killed) return false;
          const { origin } = await status();
          const { key } = await localKeys();
          const answer = await fetch(`${origin}/local/v3/${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' })
            .then((response) => response.json() as Promise<{ result?: string }>)
            .catch(() => ({}) as { result?: string });
          if (typeof answer.result !== 'string') return false;
          at = Date.now();
          return true;
        },
        'the sandbox to answer from a new Anvil',
        timeoutMs,
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}; status ${JSON.stringify(await status())}; log:\n${lines.slice(-15).join('\n')}`);
      });
      return at;
    },
    localKeys,
    async cat(cid) {
      const { origin } = await status();
      const { key, secret } = await localKeys();
      const response = await fetch(`${origin}/api/v0/cat?arg=${cid}`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${key}:${secret ?? ''}`).toString('base64')}` } });
      if (response.status !== 200) throw new Error(`cat answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async close() {
      await app.close();
      const keychain = createSecretStore({ service: keychainService });
      await keychain.delete('local').catch(() => {});
      await keychain.close();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
      fs.rmSync(saveDir, { recursive: true, force: true });
    },
  };
  async function localKeys() {
    const keychain = createSecretStore({ service: keychainService });
    try {
      const local = await keychain.get('local');
      if (!local) throw new Error('no Local key in the keychain');
      return { key: local.apiKey, secret: local.apiSecret ?? null };
    } finally {
      await keychain.close();
    }
  }
}
