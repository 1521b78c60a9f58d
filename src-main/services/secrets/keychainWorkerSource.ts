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
 * forgets everything at reboot. A call whose daemon ended during it runs once more (VANISHED): the next call
 * reaches the daemon that D-Bus activation or systemd started in its place.
 */
export const KEYCHAIN_WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { Entry } = require(workerData.modulePath);
const options = process.platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;
// A Secret Service daemon that ended during the call (gnome-keyring aborts when another client vanishes in the
// middle of opening a session): the bus, or systemd, starts another at the next call, so the call runs once more.
const VANISHED = /disconnected from message bus without replying|session does not exist|NoSession/i;
const answer = (request) => {
  try {
    const entry = new Entry(workerData.service, request.account, options);
    if (request.op === 'get') return { id: request.id, ok: true, value: entry.getPassword() };
    if (request.op === 'set') { entry.setPassword(request.value); return { id: request.id, ok: true, value: null }; }
    if (request.op === 'delete') return { id: request.id, ok: true, value: entry.deleteCredential() };
    return { id: request.id, ok: false, message: 'unknown operation', code: 'EINVAL' };
  } catch (error) {
    return { id: request.id, ok: false, message: String((error && error.message) || error), code: String((error && error.code) || '') };
  }
};
parentPort.on('message', (request) => {
  let reply = answer(request);
  if (!reply.ok && VANISHED.test(reply.message)) reply = answer(request);
  parentPort.postMessage(reply);
});
`;
