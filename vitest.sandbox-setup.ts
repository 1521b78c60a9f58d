import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { SeedManifest } from './src-sandbox/chain/manifest';
import type { DemoContent } from './src-sandbox/content/seedDemoContent';
import { startSandbox, type SandboxInfo } from './src-sandbox/sandbox';
import { seedSourceHash } from './test-support/seedSourceHash';

/** What every test file gets from `inject('sandbox')`: one running, seeded sandbox for the whole run. */
export interface ProvidedSandbox {
  info: SandboxInfo & { secret: string };
  anvilUrl: string;
  anvilPid: number;
  manifest: SeedManifest;
  demoContent: DemoContent;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: ProvidedSandbox;
  }
}

const KEY = 'testkey0000000000000000000000001';
const SECRET = 'testsecret000000000000000000001';

/**
 * Starts one sandbox for the whole test run. The seeded chain is kept in `.cache/test-sandbox-<hash>`,
 * where the hash covers the seeder and its contracts, so a second run restores instead of reseeding,
 * and any change to the seed reseeds.
 */
export default async function setup(project: TestProject) {
  const dataDir = path.resolve('.cache', `test-sandbox-${seedSourceHash()}`);
  const started = Date.now();
  const sandbox = await startSandbox({
    dataDir,
    key: KEY,
    secret: SECRET,
    blockTimeSeconds: 2,
    log: (line) => process.stderr.write(`[sandbox] ${line}\n`),
  });
  process.stderr.write(`[sandbox] ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${sandbox.info.gasUrl}\n`);
  project.provide('sandbox', {
    info: { ...sandbox.info, secret: SECRET },
    anvilUrl: sandbox.anvilUrl,
    anvilPid: sandbox.anvilPid,
    manifest: sandbox.manifest,
    demoContent: sandbox.demoContent,
    dataDir,
  });
  return async () => {
    await sandbox.close();
  };
}

