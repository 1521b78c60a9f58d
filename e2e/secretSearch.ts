import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

// The secret search's tools (see find-no-key-after-using-every-screen.spec.ts): the forms of a key to look for,
// and where to look: bytes of files, processes' command lines and environments, a page's text, and the
// browser's storage (local and session storage, cookies, IndexedDB, Cache Storage).

/** One form of a key or secret, and what to call it when it is found. */
export interface Needle {
  what: string;
  text: string;
}

/**
 * Each key and secret as is, URL-encoded and in base64, and the base64 of `key:secret` (an HTTP basic-auth
 * token). `key:secret` as is or URL-encoded holds the key as is or URL-encoded: searching those finds it.
 */
export function needlesOf(credentials: Record<string, { key: string; secret: string }>): Needle[] {
  const needles: Needle[] = [];
  const add = (what: string, text: string) => {
    if (text !== '' && !needles.some((needle) => needle.text === text)) needles.push({ what, text });
  };
  for (const [name, { key, secret }] of Object.entries(credentials)) {
    for (const [part, value] of [['key', key], ['secret', secret]] as const) {
      add(`the ${name} ${part}`, value);
      add(`the ${name} ${part}, URL-encoded`, encodeURIComponent(value));
      add(`the ${name} ${part}, base64`, Buffer.from(value).toString('base64'));
    }
    add(`the ${name} key:secret, base64 (basic auth)`, Buffer.from(`${key}:${secret}`).toString('base64'));
  }
  return needles;
}

/** Which needles a text holds. */
export function found(text: string, needles: readonly Needle[]): string[] {
  return needles.filter((needle) => text.includes(needle.text)).map((needle) => needle.what);
}

/**
 * Searches bytes for the needles, as UTF-8 and as UTF-16LE (SQLite's and Chromium's other text encoding). The
 * bytes are read as Latin-1 (one character a byte) and tried against one pattern of every form at once, four
 * times as fast as a search per form on the data folder's gigabyte of saved chain; only a hit names its needles.
 */
export function byteSearch(needles: readonly Needle[]) {
  const forms = needles.flatMap((needle) => [Buffer.from(needle.text, 'utf8'), Buffer.from(needle.text, 'utf16le')].map((bytes) => ({ what: needle.what, text: bytes.toString('latin1') })));
  const pattern = new RegExp(forms.map((form) => form.text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'));
  const overlap = Math.max(...forms.map((form) => form.text.length)) - 1;
  const inBytes = (bytes: Buffer): string[] => {
    const text = bytes.toString('latin1');
    if (!pattern.test(text)) return [];
    return [...new Set(forms.filter((form) => text.includes(form.text)).map((form) => form.what))];
  };
  /** A file, read 64 MiB at a time (each chunk begins with the end of the one before, so nothing is missed between them). */
  const inFile = (file: string): { found: string[]; size: number } => {
    const chunk = 64 * 2 ** 20;
    const buffer = Buffer.alloc(chunk + overlap);
    const found = new Set<string>();
    let carried = 0;
    let size = 0;
    const fd = fs.openSync(file, 'r');
    try {
      for (;;) {
        const read = fs.readSync(fd, buffer, carried, chunk, null);
        if (read === 0) break;
        size += read;
        const filled = carried + read;
        for (const what of inBytes(buffer.subarray(0, filled))) found.add(what);
        carried = Math.min(overlap, filled);
        buffer.copy(buffer, 0, filled - carried, filled);
      }
    } finally {
      fs.closeSync(fd);
    }
    return { found: [...found], size };
  };
  return { inBytes, inFile };
}

export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** One process as /proc shows it; cmdline's NULs made spaces. Undefined once it is gone. */
export function readProcess(pid: number): { pid: number; ppid: number; cmdline: string; cmdlineBytes: Buffer; environ: Buffer | undefined } | undefined {
  try {
    const cmdlineBytes = fs.readFileSync(`/proc/${pid}/cmdline`);
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: the fields after its last ')' are fixed.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    let environ: Buffer | undefined;
    try {
      environ = fs.readFileSync(`/proc/${pid}/environ`);
    } catch {
      environ = undefined; // another user's process (when not root), or a kernel thread
    }
    return { pid, ppid, cmdline: cmdlineBytes.toString('utf8').replaceAll('\0', ' ').trim(), cmdlineBytes, environ };
  } catch {
    return undefined;
  }
}

/** The program a process runs, as its command line names it. */
export function argv0(process: { cmdlineBytes: Buffer }): string {
  return process.cmdlineBytes.toString('utf8').split('\0')[0] ?? '';
}

export function allProcesses() {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((process) => process !== undefined);
}

/** Everything the page holds now: its markup and the live values of its form fields (which the markup may not show). */
export async function pageText(page: Page): Promise<string> {
  const html = await page.content();
  const fields = await page.evaluate(() => {
    // This runs in the page; e2e code is compiled without DOM types.
    const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<{ value: string }>; title: string; location: { href: string } } }).document;
    return JSON.stringify({ title: doc.title, href: doc.location.href, values: Array.from(doc.querySelectorAll('input, textarea, select')).map((field) => field.value) });
  });
  return `${html}\n${fields}`;
}

/**
 * The browser's storage: localStorage, sessionStorage, document.cookie, every IndexedDB database's every
 * record (keys and values; Blobs and buffers read as text), and every Cache Storage entry's request and body.
 */
export async function browserStorage(page: Page): Promise<{ entries: { where: string; text: string }[]; idbRecords: number }> {
  // Written as page code (this file has no DOM types).
  return (await page.evaluate(`(async () => {
    const entries = [];
    for (const [name, store] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]]) {
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        entries.push({ where: name + '[' + key + ']', text: key + '=' + store.getItem(key) });
      }
    }
    entries.push({ where: 'document.cookie', text: document.cookie });
    const plain = async (value) => {
      if (value instanceof Blob) return await value.text();
      if (value instanceof ArrayBuffer) return new TextDecoder('latin1').decode(value);
      if (ArrayBuffer.isView(value)) return new TextDecoder('latin1').decode(value);
      if (Array.isArray(value)) return Promise.all(value.map(plain));
      if (value && typeof value === 'object' && !(value instanceof Date)) {
        const out = {};
        for (const [key, inner] of Object.entries(value)) out[key] = await plain(inner);
        return out;
      }
      return value;
    };
    const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
    let idbRecords = 0;
    for (const info of await indexedDB.databases()) {
      const db = await request(indexedDB.open(info.name));
      entries.push({ where: 'IndexedDB ' + info.name, text: info.name });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName);
        const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
        for (let i = 0; i < values.length; i++) {
          idbRecords++;
          entries.push({ where: 'IndexedDB ' + info.name + '/' + storeName + '[' + String(keys[i]) + ']', text: JSON.stringify([await plain(keys[i]), await plain(values[i])]) });
        }
      }
      db.close();
    }
    if (globalThis.caches) {
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const cached of await cache.keys()) {
          const response = await cache.match(cached);
          entries.push({ where: 'Cache Storage ' + cacheName + ' ' + cached.url, text: cached.url + '\\n' + (response ? await response.text() : '') });
        }
      }
    }
    return { entries, idbRecords };
  })()`)) as { entries: { where: string; text: string }[]; idbRecords: number };
}
