import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A small renderer build in a temporary folder, with traps: a hidden file, a folder, and a symlink leading out. */
export function createRendererFixture(): { rendererDir: string; outsideSecret: string; remove(): void } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-web-'));
  const rendererDir = path.join(base, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets', 'nested'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Blockglass test page</title><div id="root"></div>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'index-abc123.css'), 'body{}');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'nested', 'font.woff2'), 'wOF2');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'big.wasm'), Buffer.alloc(16 * 1024 * 1024, 1));
  fs.writeFileSync(path.join(rendererDir, '.env'), 'SECRET=hidden-file');
  const outsideSecret = 'outside-the-renderer-folder';
  fs.writeFileSync(path.join(base, 'outside.txt'), outsideSecret);
  fs.symlinkSync(path.join(base, 'outside.txt'), path.join(rendererDir, 'assets', 'escape.js'));
  return { rendererDir, outsideSecret, remove: () => fs.rmSync(base, { recursive: true, force: true }) };
}
