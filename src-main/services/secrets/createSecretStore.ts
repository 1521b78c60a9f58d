// SECURITY: keys live only in the OS keychain and main-process memory. Nothing here may write a key to
// disk, a log or an error message; the renderer only ever receives `status()` (configured + hint).
import { z } from 'zod';
import { basicAuthToken } from './basicAuthorization';
import { checkCredential, checkCredentialId, type Credential, type CredentialStatus } from './credential';
import { createKeychainBridge, type KeychainRequest, type KeychainResult } from './keychainBridge';
import { KeychainUnavailableError, StoredCredentialInvalidError } from './keychainErrors';
import { keyHint } from './keyHint';

/** The keychain-backed store of API keys, one entry per credential id. */
export interface SecretStore {
  /** The key and secret stored for `credentialId`, or undefined when none is. */
  get(credentialId: string): Promise<Credential | undefined>;
  /** Stores (or replaces) the key and secret of `credentialId`. */
  set(credentialId: string, credential: Credential): Promise<void>;
  /** Removes the credential; false when there was none. */
  delete(credentialId: string): Promise<boolean>;
  /** Whether a key is stored, and its hint (`a1b2…f9e0`): all the renderer may know. */
  status(credentialId: string): Promise<CredentialStatus>;
  /**
   * Every key, secret and basic-auth token this process has read or written, for redaction and the database
   * guard. Main-process memory only; it keeps replaced and deleted ones too (they may still be in old text).
   */
  knownSecrets(): string[];
  /** Stops the keychain thread. */
  close(): Promise<void>;
  /**
   * Where keys are kept in this run: `keychain` once the OS keychain answered, `memory` when it could not be
   * reached on the first call (keys then live in this process only and are forgotten when it stops),
   * `undecided` before the first call. Decided once: a keychain that answered and later fails stays an error.
   */
  mode(): SecretStoreMode;
  /**
   * Whether a timed-out keychain call is still stuck in native code; such a thread keeps the process from
   * exiting normally (see `createKeychainBridge`).
   */
  isStuck(): boolean;
}

/** See {@link SecretStore.mode}. */
export type SecretStoreMode = 'undecided' | 'keychain' | 'memory';

/** Options of {@link createSecretStore}. */
export interface SecretStoreOptions {
  /** Keychain service name of every entry. */
  service?: string;
  /** Longest wait for any one keychain call. */
  timeoutMs?: number;
  /** The keyring module to load (tests only). */
  modulePath?: string;
  /**
   * Keep keys in this process's memory for this run when no keychain can be reached on the first call
   * (as VS Code does), instead of failing every call. Never a file. Default false.
   */
  memoryFallback?: boolean;
  /** Hears the one line said when the store falls back to memory. */
  log?: (line: string) => void;
  /**
   * How long a credential read from the keychain is reused from this process's memory before the keychain is
   * asked again (default 30 s; 0: every call asks). Writes and deletes through this store update it at once.
   */
  rememberMs?: number;
}

// One keychain entry per credential holds both values as JSON, so a key and its secret are written in one
// call and can never be half-updated.
const entrySchema = z.strictObject({
  v: z.literal(1),
  apiKey: z.string().min(1),
  apiSecret: z.string().min(1).optional(),
});

/**
 * The secret store on the OS keychain (`@napi-rs/keyring`: macOS Keychain, Windows Credential Manager, the
 * Secret Service on Linux), entries `(service, credentialId)`. Every call is bounded by `timeoutMs` and fails
 * with a `KeychainUnavailableError` ("No keychain answered within 3 s") instead of hanging.
 */
export function createSecretStore({ service = 'blockglass', timeoutMs = 3000, modulePath, memoryFallback = false, log, rememberMs = 30_000 }: SecretStoreOptions = {}): SecretStore {
  const keychain = createKeychainBridge({ service, timeoutMs, modulePath });
  const known = new Set<string>();
  let mode: SecretStoreMode = 'undecided';
  const memory = new Map<string, string>();

  // The first call decides where keys live for the whole run; later calls never switch, so a key is
  // never half in the keychain and half in memory.
  let deciding: Promise<void> | undefined;
  const bridge = {
    request: async <R extends KeychainRequest>(request: R): Promise<KeychainResult<R>> => {
      if (mode === 'undecided' && deciding) await deciding.catch(() => {});
      if (mode === 'memory') return inMemory(memory, request) as KeychainResult<R>;
      if (mode === 'keychain' || !memoryFallback) {
        const value = await keychain.request(request);
        mode = 'keychain';
        return value;
      }
      let settle!: () => void;
      deciding = new Promise<void>((resolve) => (settle = resolve));
      try {
        const value = await keychain.request(request);
        mode = 'keychain';
        return value;
      } catch (error) {
        if (!(error instanceof KeychainUnavailableError)) throw error;
        mode = 'memory';
        log?.(`secrets: no keychain could be reached (${error.shortMessage}); keys are kept in memory for this run only and forgotten when Blockglass stops`);
        void keychain.close().catch(() => {});
        return inMemory(memory, request) as KeychainResult<R>;
      } finally {
        settle();
      }
    },
  };

  const remember = ({ apiKey, apiSecret }: Credential) => {
    known.add(apiKey);
    if (apiSecret !== undefined) known.add(apiSecret);
    known.add(basicAuthToken(apiKey, apiSecret));
  };

  // Every network request resolves its network's key: asking the keychain each time cost a D-Bus round trip
  // per request (a transaction page makes fifteen). Reads are reused for `rememberMs`, in this process only,
  // and one read is shared by the calls that wait for it; a failed read is not kept.
  const recent = new Map<string, { at: number; reading: Promise<Credential | undefined> }>();
  const read = async (credentialId: string): Promise<Credential | undefined> => {
    const stored = await bridge.request({ op: 'get', account: credentialId });
    if (stored === null) return undefined;
    const credential = parseEntry(stored, credentialId);
    remember(credential);
    return credential;
  };
  const get = async (credentialId: string): Promise<Credential | undefined> => {
    checkCredentialId(credentialId);
    const kept = recent.get(credentialId);
    if (kept && performance.now() - kept.at < rememberMs) return kept.reading;
    const reading = read(credentialId);
    if (rememberMs > 0) {
      const entry = { at: performance.now(), reading };
      recent.set(credentialId, entry);
      reading.catch(() => {
        if (recent.get(credentialId) === entry) recent.delete(credentialId);
      });
    }
    return reading;
  };

  return {
    get,

    async set(credentialId, credential) {
      checkCredentialId(credentialId);
      const checked = checkCredential(credential);
      remember(checked);
      const entry: z.infer<typeof entrySchema> = { v: 1, ...checked };
      recent.delete(credentialId);
      await bridge.request({ op: 'set', account: credentialId, value: JSON.stringify(entry) });
      recent.delete(credentialId); // a read that started during the write may hold the old value
    },

    async delete(credentialId) {
      checkCredentialId(credentialId);
      recent.delete(credentialId);
      const deleted = await bridge.request({ op: 'delete', account: credentialId });
      recent.delete(credentialId);
      return deleted;
    },

    async status(credentialId) {
      const credential = await get(credentialId);
      return credential ? { configured: true, hint: keyHint(credential.apiKey) } : { configured: false };
    },

    knownSecrets: () => [...known],

    close: () => keychain.close(),

    isStuck: () => keychain.isStuck(),

    mode: () => mode,
  };
}

/** The keychain's operations on a map in this process's memory (the fallback: never written anywhere). */
function inMemory(memory: Map<string, string>, request: KeychainRequest): unknown {
  switch (request.op) {
    case 'get':
      return memory.get(request.account) ?? null;
    case 'set':
      memory.set(request.account, request.value);
      return null;
    case 'delete':
      return memory.delete(request.account);
  }
}

function parseEntry(stored: string, credentialId: string): Credential {
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    throw new StoredCredentialInvalidError(credentialId);
  }
  const parsed = entrySchema.safeParse(json);
  if (!parsed.success) throw new StoredCredentialInvalidError(credentialId);
  const { apiKey, apiSecret } = parsed.data;
  return apiSecret === undefined ? { apiKey } : { apiKey, apiSecret };
}
