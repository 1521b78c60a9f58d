import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { SeedManifest } from './src-sandbox/chain/manifest';
import type { DemoContent } from './src-sandbox/content/seedDemoContent';
import { startSandbox, type SandboxInfo } from './src-sandbox/sandbox';
import { copySeededSandbox, ensureSeededSandbox } from './test-support/seededSandbox';

/** What every test file gets from `inject('sandbox')`: one running, seeded sandbox for the whole run. */
export interface ProvidedSandbox {
  info: SandboxInfo & { secret: string };
  /** The live node's own address (it keeps the state of its latest blocks only). */
  anvilUrl: string;
  anvilPid: number;
  /** The seeded node's own address: every seeded block's state, for reads and traces at seeded blocks on the bare node. */
  seededAnvilUrl: string;
  manifest: SeedManifest;
  demoContent: DemoContent;
  /** The running sandbox's data folder (a copy of the seed, removed when the run ends). */
  dataDir: string;
  /**
   * The seeded data folder (chain and content as seeded, never run with traffic), to copy from: a test that needs
   * a sandbox of its own starts it on a copy (test-support/seededSandbox.ts), never on this folder itself.
   */
  seedDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: ProvidedSandbox;
  }
}

const KEY = 'testkey0000000000000000000000001';
const SECRET = 'testsecret000000000000000000001';

/**
 * Starts one sandbox for the whole test run, on a copy of the seeded data folder (`.cache/seed-<hash>`, seeded once
 * per version of the seeder, see test-support/seededSandbox.ts); the copy is removed when the run ends.
 */
export default async function setup(project: TestProject) {
  // Not for a run of pure suites only: SKIP_SANDBOX_SETUP=1, or only the component tier (`--project components`).
  if (process.env.SKIP_SANDBOX_SETUP === '1') return;
  if (!project.vitest.projects.some((each) => each.name !== 'components')) return;
  const log = (line: string) => process.stderr.write(`[sandbox] ${line}\n`);
  const seeded = await ensureSeededSandbox(log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-shared-sandbox-'));
  copySeededSandbox(seeded, dataDir);
  const started = Date.now();
  // Every live block's state kept for the whole run (a run mines a few hundred): the suites check history over the
  // whole chain, which a person's sandbox keeps for its seeded and latest blocks only (src-sandbox/sandbox.ts).
  const sandbox = await startSandbox({ dataDir, key: KEY, secret: SECRET, blockTimeSeconds: 2, saveChain: false, liveStatesKept: 4096, log });
  process.stderr.write(`[sandbox] ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${sandbox.info.gasUrl}\n`);
  await sandbox.seededReady; // the suites read the seeded node directly too
  project.provide('sandbox', {
    info: { ...sandbox.info, secret: SECRET },
    anvilUrl: sandbox.anvilUrl,
    anvilPid: sandbox.anvilPid,
    seededAnvilUrl: sandbox.seededAnvilUrl,
    manifest: sandbox.manifest,
    demoContent: sandbox.demoContent,
    dataDir,
    seedDir: seeded,
  });
  return async () => {
    await sandbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
