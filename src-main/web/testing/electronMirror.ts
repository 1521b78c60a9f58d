import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { storedZip } from './storedZip';

/** How a {@link startElectronMirror} answers. */
export interface ElectronMirrorOptions {
  /** The Electron version it has (the `electron` package's). */
  version: string;
  /** The runtime zip's bytes (see {@link standInRuntimeZip}). */
  zip: Buffer;
  /** Answer every request with this HTTP status instead (a mirror that refuses). */
  refuseWith?: number;
  /** Serve a SHASUMS256.txt whose hash is not the zip's. */
  wrongChecksum?: boolean;
  /** Take the zip's request and never answer it (a stalled download). */
  stall?: boolean;
}

/** A local Electron mirror on 127.0.0.1 and what was asked of it. */
export interface ElectronMirror {
  /** Its base address, for `ELECTRON_MIRROR` (ends with `/`). */
  url: string;
  /** The paths requested, in order. */
  requests: string[];
  /** Resolves once a request for a path ending with `suffix` has come. */
  requested(suffix: string): Promise<void>;
  close(): Promise<void>;
}

/** The runtime zip's name for this version on this machine, as @electron/get names it. */
export function runtimeZipName(version: string): string {
  return `electron-v${version}-${process.platform}-${process.arch}.zip`;
}

/**
 * A mirror laid out as @electron/get reads `ELECTRON_MIRROR`: `<mirror>v<version>/<file>`, holding the
 * runtime zip and its SHASUMS256.txt (`<sha256> *<file>`, what sumchecker checks the download against when the
 * installer is told `electron_use_remote_checksums`).
 */
export async function startElectronMirror(options: ElectronMirrorOptions): Promise<ElectronMirror> {
  const { version, zip, refuseWith, wrongChecksum = false, stall = false } = options;
  const zipName = runtimeZipName(version);
  const hash = crypto.createHash('sha256').update(wrongChecksum ? Buffer.from('not the zip') : zip).digest('hex');
  const files = new Map<string, Buffer>([
    [`/v${version}/${zipName}`, zip],
    [`/v${version}/SHASUMS256.txt`, Buffer.from(`${hash} *${zipName}\n`)],
  ]);
  const requests: string[] = [];
  const waiters: { suffix: string; resolve: () => void }[] = [];
  const requested = (suffix: string) =>
    requests.some((each) => each.endsWith(suffix)) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ suffix, resolve }));
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mirror');
    requests.push(url.pathname);
    for (const waiter of waiters.filter((each) => url.pathname.endsWith(each.suffix))) waiter.resolve();
    if (refuseWith !== undefined) {
      response.writeHead(refuseWith).end();
      return;
    }
    const body = files.get(url.pathname);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    if (stall && url.pathname.endsWith('.zip')) return; // answered never; close() ends the connection
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A stand-in for Electron's runtime zip: an `electron` shell script that appends `started <args>` to the file
 * named by `$BLOCKGLASS_STAND_IN_MARKER` and exits, and the `version` file the real zip has.
 */
export function standInRuntimeZip(version: string): Buffer {
  const script = '#!/bin/sh\nprintf \'started %s\\n\' "$*" >> "$BLOCKGLASS_STAND_IN_MARKER"\n';
  return storedZip([
    { name: 'electron', data: script, mode: 0o755 },
    { name: 'version', data: `v${version}` },
  ]);
}

/**
 * A copy of the project's `electron` package (its files, without any installed runtime) at
 * `<root>/node_modules/electron`, its dependencies linked beside it, so its install.js runs as in the project but
 * extracts into the copy: a test never writes into the real node_modules/electron. Returns the copy's folder.
 */
export function stageElectronPackage(realPackageDir: string, root: string): string {
  const staged = path.join(root, 'node_modules', 'electron');
  const left = new Set(['dist', 'path.txt', 'node_modules']);
  fs.cpSync(realPackageDir, staged, { recursive: true, filter: (source) => source === realPackageDir || !left.has(path.relative(realPackageDir, source)) });
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(realPackageDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    const link = path.join(root, 'node_modules', name);
    if (fs.existsSync(link)) continue; // linked already (stageProjectLinks)
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(findInstalledPackage(realPackageDir, name), link, 'dir');
  }
  return staged;
}

/** Where Node finds package `name` from a package's folder: its own node_modules, then each one above. */
function findInstalledPackage(from: string, name: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed above ${from}`);
  }
}

/**
 * A stand-in project at `root` for running a launcher bundle there: a package.json named blockglass (which
 * findProjectRoot looks for), and every package of the real project's node_modules linked but electron, which
 * {@link stageElectronPackage} then copies.
 */
export function stageProjectLinks(realProjectRoot: string, root: string): void {
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'blockglass', private: true, type: 'module', main: 'out/main/index.js' }));
  const modules = path.join(realProjectRoot, 'node_modules');
  fs.mkdirSync(path.join(root, 'node_modules'));
  for (const name of fs.readdirSync(modules)) {
    if (name !== 'electron' && name !== '.bin') fs.symlinkSync(path.join(modules, name), path.join(root, 'node_modules', name), 'dir');
  }
}
