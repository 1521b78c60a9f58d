import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, inject } from 'vitest';
import { copySeededSandbox } from '../../test-support/seededSandbox';

/**
 * For a test file: `seeded()` makes a fresh data folder holding a copy of the seeded chain and content store
 * (so a sandbox started on it restores instead of seeding); `later(cleanup)` runs after the test, last first.
 * Folders are removed after each test.
 */
export function seededCopies(prefix: string) {
  const shared = inject('sandbox');
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    shared,
    later: (cleanup: () => Promise<void> | void) => cleanups.push(cleanup),
    seeded(): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      copySeededSandbox(shared.seedDir, dir);
      return dir;
    },
  };
}
