// SECURITY: this file holds the sandbox's API key and secret checks. Keep comparisons
// constant-time, keep the secret hashed at rest, and never log either value.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key file as stored in the data folder: the key itself (it travels in URLs anyway, and a person
 * running the sandbox by hand wants it printed on every start) or, when whoever starts the sandbox
 * supplies the key each time (the app's launcher, through the environment), only its SHA-256; and
 * always a scrypt hash of the secret.
 */
interface KeyFile {
  version: 1;
  key?: string;
  keyHash?: string;
  secretHash: { algorithm: 'scrypt'; salt: string; hash: string; N: number; r: number; p: number };
  createdAt: string;
}

/** Checks credentials against the sandbox's one key without ever exposing them. */
export interface KeyStore {
  /** The API key (printed in the ready line; it is a path segment of every JSON-RPC URL). */
  readonly key: string;
  /** The secret, known only when it was given on the command line or generated in this run. */
  readonly secret: string | undefined;
  /** Whether the key was generated in this run (first start). */
  readonly created: boolean;
  /** Constant-time check of an API key. */
  isValidKey(candidate: string): boolean;
  /** Constant-time check of a key and secret pair (HTTP basic auth of the gas and content interfaces). */
  verifySecret(key: string, secret: string): boolean;
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** Validates a key or secret given on the command line; returns an error message or undefined. */
export function checkCredentialFormat(value: string, what: 'key' | 'secret'): string | undefined {
  return KEY_PATTERN.test(value)
    ? undefined
    : `--${what} must be 1 to 128 characters of A-Z, a-z, 0-9, '-' or '_'`;
}

/**
 * Loads the sandbox's key from `<dataDir>/keys.json`, or creates it. With `key` and `secret` given,
 * they replace the stored pair; otherwise the stored one is used, or a random one is generated on first start.
 */
export function loadOrCreateKeys(dataDir: string, given: { key?: string; secret?: string; storeKey?: boolean } = {}): KeyStore {
  const file = path.join(dataDir, 'keys.json');
  let stored = readKeyFile(file);
  let secret: string | undefined;
  let created = false;
  if (given.key !== undefined) {
    secret = given.secret ?? '';
    const storeKey = given.storeKey ?? true;
    const same = stored !== undefined && keyFileDigest(stored) === sha256(given.key).toString('hex') && (stored.key !== undefined) === storeKey;
    if (!stored || !same || !secretMatches(stored, secret)) {
      stored = makeKeyFile(given.key, secret, storeKey);
      writeKeyFile(file, stored);
    }
  } else if (stored && stored.key === undefined) {
    throw new Error(`${file} keeps only a hash of its key (it was given through BLOCKGLASS_SANDBOX_KEY): start with that key again, or set a new one with --key K --secret S`);
  } else if (!stored) {
    secret = crypto.randomBytes(24).toString('hex');
    stored = makeKeyFile(crypto.randomBytes(16).toString('hex'), secret);
    writeKeyFile(file, stored);
    created = true;
  }
  const keyFile: KeyFile = stored;
  const keyDigest = Buffer.from(keyFileDigest(keyFile), 'hex');
  // scrypt is deliberately slow; remember recent answers (by digest, never in clear) so repeated
  // requests, right or wrong, do not each block the event loop for a whole scrypt run.
  const answers = new Map<string, boolean>();
  return {
    // Without a stored key, a key was given (a hash-only file with no key given throws above).
    key: keyFile.key ?? given.key!,
    secret,
    created,
    isValidKey: (candidate) => crypto.timingSafeEqual(sha256(candidate), keyDigest),
    verifySecret(key, candidateSecret) {
      const keyOk = crypto.timingSafeEqual(sha256(key), keyDigest);
      if (!keyOk) return false;
      const memo = sha256(`${key}\u0000${candidateSecret}`).toString('hex');
      let ok = answers.get(memo);
      if (ok === undefined) {
        ok = secretMatches(keyFile, candidateSecret);
        if (answers.size >= 1024) answers.delete(answers.keys().next().value!);
        answers.set(memo, ok);
      }
      return ok;
    },
  };
}

function sha256(value: string): Buffer {
  return crypto.createHash('sha256').update(value, 'utf8').digest();
}

/** SHA-256 of the file's key, hex: stored as such, or computed from the stored key. */
function keyFileDigest(file: KeyFile): string {
  return file.keyHash ?? sha256(file.key!).toString('hex');
}

function makeKeyFile(key: string, secret: string, storeKey = true): KeyFile {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(secret, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return {
    version: 1,
    ...(storeKey ? { key } : { keyHash: sha256(key).toString('hex') }),
    secretHash: { algorithm: 'scrypt', salt: salt.toString('hex'), hash: hash.toString('hex'), N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p },
    createdAt: new Date().toISOString(),
  };
}

function secretMatches(file: KeyFile, secret: string): boolean {
  const { salt, hash, N, r, p } = file.secretHash;
  const expected = Buffer.from(hash, 'hex');
  const actual = crypto.scryptSync(secret, Buffer.from(salt, 'hex'), expected.length, { N, r, p });
  return crypto.timingSafeEqual(actual, expected);
}

function readKeyFile(file: string): KeyFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<KeyFile>;
  if (parsed.version !== 1 || (typeof parsed.key !== 'string' && typeof parsed.keyHash !== 'string') || parsed.secretHash?.algorithm !== 'scrypt') {
    throw new Error(`${file} is not a sandbox key file; move it away or start with --fresh`);
  }
  return parsed as KeyFile;
}

function writeKeyFile(file: string, content: KeyFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(content, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
