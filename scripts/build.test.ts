import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../test-support/tempDirs';
import { isBuildStale } from './build.mjs';

const tempDir = useTempDirs('blockglass-build-');

describe('isBuildStale', () => {
  it('is stale when an output is missing or older than a source, not when only tests changed', () => {
    const root = tempDir();
    const write = (file: string, mtime: number) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), 'x');
      fs.utimesSync(path.join(root, file), mtime, mtime);
    };
    write('src-renderer/main.tsx', 1000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(true);
    write('out/renderer/index.html', 2000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(false);
    write('src-renderer/main.test.tsx', 3000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(false);
    write('src-shared/api/contract.ts', 3000);
    expect(isBuildStale(root, ['out/renderer/index.html'])).toBe(true);
  });
});
