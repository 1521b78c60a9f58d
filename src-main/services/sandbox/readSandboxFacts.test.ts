import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSandboxFacts } from './readSandboxFacts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-facts-'));
  dirs.push(dir);
  return dir;
};

describe('readSandboxFacts', () => {
  it('reads the seeded height and the demo folder CID the sandbox wrote', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'chain'));
    fs.mkdirSync(path.join(dir, 'content'));
    fs.writeFileSync(path.join(dir, 'chain', 'manifest.json'), JSON.stringify({ seededToBlock: 231 }));
    fs.writeFileSync(path.join(dir, 'content', 'demo.json'), JSON.stringify({ rootCid: 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte' }));
    expect(readSandboxFacts(dir)).toEqual({ seededToBlock: 231, demoContentCid: 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte' });
  });

  it('leaves out what is missing or damaged', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'chain'));
    fs.writeFileSync(path.join(dir, 'chain', 'manifest.json'), '{ not json');
    expect(readSandboxFacts(dir)).toEqual({});
  });
});
