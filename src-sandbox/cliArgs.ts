import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkCredentialFormat } from './keys';

/** The sandbox command's usage text. */
export const USAGE = `usage: npm run sandbox -- [options]

Runs a local copy of the node-access service (JSON-RPC over HTTP and WebSocket, gas API,
content store) on a seeded Anvil chain.

  --port N          port to listen on (default 18545; 0 picks a free one)
  --host H          address to bind (default 127.0.0.1)
  --data DIR        data folder: chain state, seed manifest, hashed key
                    (default $XDG_DATA_HOME/blockglass/sandbox)
  --key K           API key to accept (replaces the stored one); or set
                    BLOCKGLASS_SANDBOX_KEY (and BLOCKGLASS_SANDBOX_SECRET), which
                    keeps them out of the process list
  --secret S        API key secret (with --key; used by the gas and content interfaces)
  --block-time S    seconds between live blocks after seeding (default 2; 0 = no live traffic)
  --fast-forward H  before live traffic, mine traffic blocks spread over the last H
                    hours (at most 168) up to now, so the chain (and the gas history
                    an app reads from it) has a past; a recent chain is left alone
  --rate-limit N    JSON-RPC requests per second per key, bursts up to 2N (default 100000)
  --live-states N   how many of its latest blocks' states the live node keeps in memory
                    (default 128; more makes it grow with every block: see the design notes)
  --live-blocks N   how many of its latest blocks the live node keeps, with their
                    transactions and receipts (default 4096, at least 64; the seeded
                    blocks are always kept): it is renewed every N/8 blocks, from its
                    save, without the older live blocks (their reads answer 4444
                    "pruned history unavailable")
  --fresh           discard the saved chain and seed a new one
  --json            print exactly one line of JSON on stdout when ready
  -h, --help        show this help`;

/** Parsed command-line options of the sandbox. */
export interface CliOptions {
  port: number;
  host: string;
  dataDir: string;
  key?: string;
  secret?: string;
  /** The key came from the environment: keep only its hash on disk (the caller supplies it every time). */
  storeKey: boolean;
  blockTimeSeconds: number;
  /** Hours of traffic to mine into the past before live traffic (--fast-forward). */
  fastForwardHours?: number;
  /** How many of its latest blocks' states the live node keeps (--live-states). */
  liveStatesKept?: number;
  /** How many of its latest blocks the live node keeps (--live-blocks). */
  liveBlocksKept?: number;
  /** The gateway's per-key rate limit, when --rate-limit is given. */
  limits?: { rateLimit: { requestsPerSecond: number; burst: number } };
  fresh: boolean;
  json: boolean;
  help: boolean;
}

/** Parses argv (without node and script); throws an Error whose message says what is wrong. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      key: { type: 'string' },
      secret: { type: 'string' },
      'block-time': { type: 'string' },
      'rate-limit': { type: 'string' },
      'live-states': { type: 'string' },
      'live-blocks': { type: 'string' },
      'fast-forward': { type: 'string' },
      fresh: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument '${positionals[0]}'`);
  const port = values.port === undefined ? 18545 : parseInteger(values.port, '--port', 0, 65535);
  const blockTimeSeconds = values['block-time'] === undefined ? 2 : parseNumber(values['block-time'], '--block-time', 0, 3600);
  const fastForwardHours = values['fast-forward'] === undefined ? undefined : parseHours(values['fast-forward']);
  if (fastForwardHours !== undefined && blockTimeSeconds === 0) throw new Error('--fast-forward mines traffic: it needs live traffic (a --block-time above 0)');
  const rateLimit = values['rate-limit'] === undefined ? undefined : parseInteger(values['rate-limit'], '--rate-limit', 1, 10_000_000);
  const liveStatesKept = values['live-states'] === undefined ? undefined : parseInteger(values['live-states'], '--live-states', 1, 100_000);
  const liveBlocksKept = values['live-blocks'] === undefined ? undefined : parseInteger(values['live-blocks'], '--live-blocks', 64, 10_000_000);
  if (values.secret !== undefined && values.key === undefined) throw new Error('--secret needs --key');
  // Credentials from the environment (the app's launcher uses this): a command line is readable by every user.
  const keyFromEnv = values.key === undefined && Boolean(env.BLOCKGLASS_SANDBOX_KEY);
  if (keyFromEnv) {
    values.key = env.BLOCKGLASS_SANDBOX_KEY;
    values.secret = env.BLOCKGLASS_SANDBOX_SECRET || undefined; // the app's guard passes an empty line for none
  }
  for (const what of ['key', 'secret'] as const) {
    const value = values[what];
    if (value !== undefined) {
      const problem = checkCredentialFormat(value, what);
      if (problem) throw new Error(problem);
    }
  }
  if (values.host !== undefined && !/^[A-Za-z0-9.:[\]-]+$/.test(values.host)) throw new Error(`--host '${values.host}' is not a host name or address`);
  const dataHome = env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');
  return {
    port,
    host: values.host ?? '127.0.0.1',
    dataDir: path.resolve(values.data ?? path.join(dataHome, 'blockglass', 'sandbox')),
    key: values.key,
    secret: values.secret,
    storeKey: !keyFromEnv,
    blockTimeSeconds,
    ...(fastForwardHours === undefined ? {} : { fastForwardHours }),
    ...(liveStatesKept === undefined ? {} : { liveStatesKept }),
    ...(liveBlocksKept === undefined ? {} : { liveBlocksKept }),
    ...(rateLimit === undefined ? {} : { limits: { rateLimit: { requestsPerSecond: rateLimit, burst: rateLimit * 2 } } }),
    fresh: values.fresh ?? false,
    json: values.json ?? false,
    help: values.help ?? false,
  };
}

function parseInteger(text: string, flag: string, min: number, max: number): number {
  if (!/^\d+$/.test(text)) throw new Error(`${flag} must be a whole number from ${min} to ${max}, not '${text}'`);
  const value = Number(text);
  if (value < min || value > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}, not '${text}'`);
  return value;
}

function parseHours(text: string): number {
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(value > 0 && value <= 168)) throw new Error(`--fast-forward must be a number of hours above 0 and at most 168 (a week), not '${text}'`);
  return value;
}

function parseNumber(text: string, flag: string, min: number, max: number): number {
  const value = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw new Error(`${flag} must be a number of seconds from ${min} to ${max}, not '${text}'`);
  return value;
}
