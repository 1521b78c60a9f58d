import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

// The vendored specifications (README.md beside this file): read only from this folder, never from outside the
// repository. A missing or altered file is an error that names it; no check passes without its spec.

export const SPEC_FILES = {
  executionApis: { path: fileURLToPath(new URL('./execution-apis/refs-openrpc.json', import.meta.url)), sha256: 'c5c5e33e77c3d8c08b9e4c28ebe53973eee632576a8305bfd4467de99212353b' },
  starknet: { path: fileURLToPath(new URL('./starknet-specs/starknet_api_openrpc.json', import.meta.url)), sha256: 'f8b5e0d96d895c4384067a49b7a4364b1a4091aaa07706c8365a5aa8104140f4' },
} as const;

export type SpecName = keyof typeof SPEC_FILES;

/** The spec's text; throws a sentence naming the file when it is not in the repository. */
export function readSpecFile(name: SpecName): string {
  const { path } = SPEC_FILES[name];
  if (!fs.existsSync(path)) throw new Error(`The vendored spec ${path} is missing: it is part of the repository (test-support/specs/README.md); restore it with git checkout.`);
  return fs.readFileSync(path, 'utf8');
}

/** SHA-256 of a spec file as it is on disk, hex. */
export function specFileHash(name: SpecName): string {
  return crypto.createHash('sha256').update(readSpecFile(name)).digest('hex');
}
