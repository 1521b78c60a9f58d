import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPinStore } from './pinStore';

let folder: string;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-pins-'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('openPinStore', () => {
  it('records pins on disk, never downgrading a recursive pin, and reloads them', async () => {
    const file = path.join(folder, 'pins.json');
    const pins = await openPinStore(file);
    await pins.add(['a', 'b'], 'recursive');
    await pins.add(['b', 'c'], 'direct');
    expect(pins.entries()).toEqual([
      ['a', 'recursive'],
      ['b', 'recursive'],
      ['c', 'direct'],
    ]);
    await pins.close();
    expect((await openPinStore(file)).entries()).toEqual(pins.entries());
    // Written by rename: no temporary files are left behind.
    expect(fs.readdirSync(folder)).toEqual(['pins.json']);
  });

  it('keeps the last state when many writes race', async () => {
    const file = path.join(folder, 'pins.json');
    const pins = await openPinStore(file);
    await Promise.all(Array.from({ length: 50 }, (_, index) => pins.add([`cid${index}`], 'recursive')));
    await pins.close();
    expect((await openPinStore(file)).entries()).toHaveLength(50);
  });

  it('refuses a file that is not a pin file', async () => {
    const file = path.join(folder, 'pins.json');
    fs.writeFileSync(file, '{"something":"else"}');
    await expect(openPinStore(file)).rejects.toThrow('is not a content-store pin file');
  });
});
