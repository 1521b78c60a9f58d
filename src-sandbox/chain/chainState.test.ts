import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chainPaths, keepDump, stateFileToLoad } from './chainState';

// Anvil's dump becoming the live snapshot at a start: a torn dump is set aside and the last good snapshot is
// loaded; the set-aside dump (as large as the chain) goes once a later dump is kept whole.

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
/** A dump shaped like Anvil's (historical states last), small. */
const dump = (block: number) =>
  JSON.stringify({
    block: { number: `0x${block.toString(16)}` },
    accounts: { '0xab': { nonce: block, storage: {} } },
    best_block_number: block,
    blocks: [],
    transactions: [],
    historical_states: [[hash(block), { accounts: {}, storage: {}, block_hashes: {} }]],
  });

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});
function dataDir() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-chain-state-'));
  folders.push(folder);
  fs.mkdirSync(chainPaths(folder).dir, { recursive: true });
  return folder;
}
const bestBlock = (file: string) => (JSON.parse(fs.readFileSync(file, 'utf8')) as { best_block_number: number }).best_block_number;

describe("a start's dump", () => {
  it('is set aside when torn, the last good snapshot is loaded, and the set-aside dump goes with the next whole one', async () => {
    const folder = dataDir();
    const paths = chainPaths(folder);
    const lines: string[] = [];
    fs.writeFileSync(paths.live, dump(10));

    const torn = dump(11).slice(0, 40);
    fs.writeFileSync(paths.dump, torn);
    expect(await stateFileToLoad(folder, (line) => lines.push(line))).toBe(paths.live);
    expect(bestBlock(paths.live), 'what was saved last survives').toBe(10);
    expect(fs.readFileSync(paths.damaged, 'utf8')).toBe(torn);
    expect(fs.existsSync(paths.dump)).toBe(false);
    expect(lines.join('\n')).toMatch(/damaged and was set aside/);

    // Another torn dump: still the last good snapshot, the newer torn one set aside in place of the older.
    fs.writeFileSync(paths.dump, '{"block":');
    expect(await stateFileToLoad(folder, () => {})).toBe(paths.live);
    expect(fs.readFileSync(paths.damaged, 'utf8')).toBe('{"block":');

    // A whole dump (Anvil's save a minute later, or on stop): it becomes the snapshot, and the damaged one goes.
    fs.writeFileSync(paths.dump, dump(12));
    await keepDump(folder);
    expect(bestBlock(paths.live)).toBe(12);
    expect(fs.existsSync(paths.dump)).toBe(false);
    expect(fs.existsSync(paths.damaged), 'the set-aside dump removed').toBe(false);
  });

  it('a torn dump kept by keepDump leaves the snapshot and a set-aside dump as they were', async () => {
    const folder = dataDir();
    const paths = chainPaths(folder);
    fs.writeFileSync(paths.live, dump(20));
    fs.writeFileSync(paths.damaged, 'older torn dump');
    fs.writeFileSync(paths.dump, dump(21).slice(0, -5));
    await expect(keepDump(folder)).rejects.toThrow();
    expect(bestBlock(paths.live)).toBe(20);
    expect(fs.readFileSync(paths.damaged, 'utf8')).toBe('older torn dump');
    expect(fs.readdirSync(paths.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
