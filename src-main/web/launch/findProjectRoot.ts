import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding Blockglass's package.json, found upwards from a module: the launchers run from
 * `scripts/` (TypeScript) or bundled from `out/web/`, and both need the same root.
 */
export function findProjectRoot(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'blockglass') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no Blockglass package.json above ${start}`);
  }
}
