import path from 'node:path';
import type { SandboxInfo } from '../src-sandbox/sandbox';
import { seededSandboxDir } from '../test-support/seededSandbox';

/**
 * The journeys' own sandbox's data folder: a copy of the seeded data folder made for this run by
 * e2e/global-setup.ts (its chain grows with live traffic while the journeys run, and is removed after).
 */
export function e2eSandboxDir(): string {
  return path.resolve('.cache', `e2e-sandbox-${path.basename(seededSandboxDir())}`);
}

/** The sandbox's ready line (`--json`), as e2e/global-setup.ts received it: its secret was given, so it is known. */
export type E2ESandbox = SandboxInfo & { secret: string };

/** Reads the running sandbox's ready line. */
export function e2eSandbox(): E2ESandbox {
  const line = process.env.E2E_SANDBOX;
  if (!line) throw new Error('E2E_SANDBOX is not set: run the journeys with `npx playwright test` (its global setup starts the sandbox)');
  return JSON.parse(line) as E2ESandbox;
}
