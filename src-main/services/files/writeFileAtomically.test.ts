import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeFileAtomically } from './writeFileAtomically';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-atomic-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function* chunks(count: number, failAt?: number): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < count; index += 1) {
    if (index === failAt) throw new Error('the source failed');
    yield Buffer.alloc(64 * 1024, index);
  }
}

it('writes every chunk, then the file appears under its name', async () => {
  const target = path.join(dir, 'whole.bin');
  expect(await writeFileAtomically(target, chunks(40))).toBe(40 * 64 * 1024);
  const bytes = fs.readFileSync(target);
  expect(bytes.length).toBe(40 * 64 * 1024);
  expect(bytes[39 * 64 * 1024]).toBe(39);
  expect(fs.readdirSync(dir)).toEqual(['whole.bin']);
});

it('writes lent chunks, one buffer filled again for each, each before asking for the next', async () => {
  // The source writes the next chunk's bytes into the same memory as soon as it is asked for more.
  async function* lent(count: number): AsyncGenerator<Uint8Array> {
    const buffer = Buffer.alloc(256 * 1024);
    for (let index = 0; index < count; index += 1) {
      buffer.fill(index);
      yield buffer;
    }
    buffer.fill(0xff);
  }
  const target = path.join(dir, 'lent.bin');
  expect(await writeFileAtomically(target, lent(64), { lent: true })).toBe(64 * 256 * 1024);
  const bytes = fs.readFileSync(target);
  for (let index = 0; index < 64; index += 1) expect(bytes.subarray(index * 256 * 1024, (index + 1) * 256 * 1024).every((byte) => byte === index)).toBe(true);
  fs.rmSync(target);
});

it('leaves an older file as it was, and no part file, when the source fails or the save is cancelled', async () => {
  const target = path.join(dir, 'kept.txt');
  fs.writeFileSync(target, 'the old file');
  await expect(writeFileAtomically(target, chunks(40, 20))).rejects.toThrow('the source failed');
  const controller = new AbortController();
  const cancelling = (async function* () {
    yield Buffer.from('partial');
    controller.abort();
    yield Buffer.from('more');
  })();
  await expect(writeFileAtomically(target, cancelling, { signal: controller.signal })).rejects.toThrow();
  expect(fs.readFileSync(target, 'utf8')).toBe('the old file');
  expect(fs.readdirSync(dir).sort()).toEqual(['kept.txt', 'whole.bin']);
});

it('refuses a folder that does not exist, leaving nothing', async () => {
  await expect(writeFileAtomically(path.join(dir, 'missing', 'x.bin'), chunks(1))).rejects.toMatchObject({ code: 'ENOENT' });
});
