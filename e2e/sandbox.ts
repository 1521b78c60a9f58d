import path from 'node:path';
import { seedSourceHash } from '../test-support/seedSourceHash';

/** The e2e sandbox's data folder: one per version of the seeder, so a changed seeder seeds a new chain. */
export function e2eSandboxDir(): string {
  return path.resolve('.cache', `e2e-sandbox-${seedSourceHash()}`);
}

/** The sandbox's ready line, as e2e/global-setup.ts received it. */
export interface E2ESandbox {
  chainId: number;
  rpcUrl: string;
  wsUrl: string;
  gasUrl: string;
  storageUrl: string;
  key: string;
  secret: string;
}

/** Reads the running sandbox's ready line. */
export function e2eSandbox(): E2ESandbox {
  const line = process.env.E2E_SANDBOX;
  if (!line) throw new Error('E2E_SANDBOX is not set: run the journeys with `npx playwright test` (its global setup starts the sandbox)');
  return JSON.parse(line) as E2ESandbox;
}
