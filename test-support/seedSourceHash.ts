import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A hash of what a seeded chain is made from (the seeder and the Solidity sources, not the live traffic):
 * fixtures cache a seeded chain under it, so a change to the seeder seeds again instead of testing an old chain.
 */
export function seedSourceHash(): string {
  const hash = crypto.createHash('sha256');
  const dirs = ['src-sandbox/chain', 'resources/contracts'];
  for (const dir of dirs) {
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith('.test.ts') || name === 'traffic.ts') continue;
      const file = path.join(dir, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
}
