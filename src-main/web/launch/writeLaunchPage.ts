// SECURITY: the address with the token must not go on Chromium's command line, where every user of
// the machine can read it (/proc/<pid>/cmdline, `ps`). It goes in a page only this user can read,
// which sends the window on and is deleted once the window has connected (as Jupyter does).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Writes the launch page into `dir` (mode 0600); answers its file URL and its path. */
export function writeLaunchPage(dir: string, url: string): { fileUrl: string; file: string } {
  const file = path.join(dir, 'open-blockglass.html');
  const target = JSON.stringify(url).replace(/</g, '\\u003c');
  const attribute = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const html = [
    '<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer">',
    `<meta http-equiv="refresh" content="0;url=${attribute}">`,
    '<title>Blockglass</title>',
    `<script>location.replace(${target})</script>`,
    '<p>Opening Blockglass…</p>',
  ].join('\n');
  fs.writeFileSync(file, html, { mode: 0o600, flag: 'wx' });
  return { fileUrl: pathToFileURL(file).href, file };
}
