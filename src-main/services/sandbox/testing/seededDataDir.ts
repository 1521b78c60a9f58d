import fs from 'node:fs';
import os from 'node:os';
import { SAVED_CHAIN_FILES } from '../../../../test-support/savedChainFiles';
import path from 'node:path';

/**
 * A fresh app data folder whose `sandbox/chain/` holds a copy of an already seeded chain (`anvil-state.gz`
 * and `manifest.json` from the shared test sandbox's data folder), so a sandbox started on it restores in
 * about a second instead of seeding. Remove it with `fs.rmSync(dir, { recursive: true })`.
 */
export function seededDataDir(seededSandboxDir: string, prefix = 'blockglass-app-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const chain = path.join(dir, 'sandbox', 'chain');
  fs.mkdirSync(chain, { recursive: true });
  for (const file of SAVED_CHAIN_FILES) if (fs.existsSync(path.join(seededSandboxDir, 'chain', file))) fs.copyFileSync(path.join(seededSandboxDir, 'chain', file), path.join(chain, file));
  return dir;
}
