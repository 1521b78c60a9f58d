// SECURITY: this thread holds keys while it talks to the OS keychain. It sends them only to its parent
// (the main process) and never logs.

/**
 * Source of the keychain worker thread (CommonJS, run with `new Worker(source, { eval: true })`).
 *
 * Why a thread: `@napi-rs/keyring` talks to the Secret Service over D-Bus synchronously, and even its
 * `AsyncEntry` constructor connects on the calling thread. A bus that accepts but never answers (a hung
 * or locked keyring daemon) then blocks the whole event loop, so no timeout could ever fire. On this thread
 * a hang blocks only the thread; the main thread times out and answers.
 *
 * Why a string: it must run unchanged under Node, tsx, vitest and the electron-vite bundle, none of which
 * agree on how to load a TypeScript worker file. It is kept tiny and plain on purpose.
 *
 * workerData: `{ modulePath, service }`. Messages in: `{ id, op: 'get' | 'set' | 'delete', account, value? }`.
 * Messages out: `{ id, ok: true, value }` or `{ id, ok: false, message, code }`. On Linux every entry is
 * pinned to the Secret Service: the library would otherwise fall back silently to the kernel keyring, which
 * forgets everything at reboot.
 */
export const KEYCHAIN_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { Entry } = require(workerData.modulePath);
const options = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
parentPort.on('message', (request) => {
  let reply;
  try {
    const entry = new Entry(workerData.service, request.account, options);
    if (request.op === 'get') reply = { id: request.id, ok: true, value: entry.getPassword() };
    else if (request.op === 'set') { entry.setPassword(request.value); reply = { id: request.id, ok: true, value: null }; }
    else if (request.op === 'delete') reply = { id: request.id, ok: true, value: entry.deleteCredential() };
    else reply = { id: request.id, ok: false, message: 'unknown operation', code: 'EINVAL' };
  } catch (error) {
    reply = { id: request.id, ok: false, message: String((error && error.message) || error), code: String((error && error.code) || '') };
  }
  parentPort.postMessage(reply);
});
`;
