import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Writes a stand-in for `@napi-rs/keyring` (CommonJS, for the keychain worker's `modulePath`) and returns its
 * path. Entries live in the worker's memory. Accounts named `slow-<seconds>` block the thread in native code
 * (a `sleep` child, which `worker.terminate()` cannot interrupt) before answering, like a keyring waiting on a
 * prompt; the account `leaky` fails with the password in the native message.
 */
export function writeFakeKeyringModule(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-fake-keyring-'));
  const file = path.join(dir, 'fake-keyring.cjs');
  fs.writeFileSync(
    file,
    `'use strict';
const { execFileSync } = require('node:child_process');
const entries = new Map();
class Entry {
  constructor(service, account) {
    this.id = service + '/' + account;
    const slow = /^slow-([0-9.]+)$/.exec(account);
    if (slow) execFileSync('sleep', [slow[1]]);
    this.leaky = account === 'leaky';
  }
  getPassword() { return entries.has(this.id) ? entries.get(this.id) : null; }
  setPassword(value) {
    if (this.leaky) throw new Error('Platform failure: could not store ' + value);
    entries.set(this.id, value);
  }
  deleteCredential() { return entries.delete(this.id); }
}
module.exports = { Entry };
`,
  );
  return file;
}
