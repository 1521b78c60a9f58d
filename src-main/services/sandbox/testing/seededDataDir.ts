import fs from 'node:fs';
import os from 'node:os';
import { copySeededSandbox } from '../../../../test-support/seededSandbox';
import path from 'node:path';

/**
 * A fresh app data folder whose `sandbox/` holds a copy of the seeded chain and content store (the folder the
 * test run provides as `inject('sandbox').seedDir`), so a sandbox started on it restores in a second or two
 * instead of seeding. Remove it with `fs.rmSync(dir, { recursive: true })`.
 */
export function seededDataDir(seededSandboxDir: string, prefix = 'blockglass-app-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  copySeededSandbox(seededSandboxDir, path.join(dir, 'sandbox'));
  return dir;
}
