import { parseArgs } from 'node:util';

/** What `npm run serve` was asked for. */
export interface ServeArgs {
  port: number;
  dataDir: string | undefined;
  open: boolean;
  json: boolean;
  /** Log where each API request's time went in main (`--timings`: the page bench reads these lines). */
  timings: boolean;
  /** Hours of traffic the Local sandbox mines into the past on a fresh chain (`--sandbox-fast-forward H`). */
  sandboxFastForwardHours?: number;
  /** Seconds between the Local sandbox's live blocks (`--sandbox-block-time S`; the sandbox's own default when absent). */
  sandboxBlockTimeSeconds?: number;
  /** How many of its latest blocks' states the Local sandbox's live node keeps (`--sandbox-live-states N`; the sandbox's default when absent). */
  sandboxLiveStates?: number;
  /** How many of its latest live blocks the Local sandbox's live node keeps (`--sandbox-live-blocks N`; the sandbox's default when absent). */
  sandboxLiveBlocks?: number;
  /** How long a page's first frame may wait for its reads, in ms (`--first-frame-budget MS`; 0: no first frames). */
  firstFrameBudgetMs?: number;
}

/** The usage line printed on bad flags. */
export const SERVE_USAGE = 'usage: npm run serve -- [--port N] [--data DIR] [--no-open] [--json] [--timings] [--sandbox-fast-forward HOURS] [--sandbox-block-time SECONDS] [--sandbox-live-states N] [--sandbox-live-blocks N] [--first-frame-budget MS]';

/** The port the web host uses unless told otherwise (0 would pick any free one). */
export const DEFAULT_WEB_PORT = 18580;

/** Parses `npm run serve`'s flags; throws an Error with the reason on anything unknown or malformed. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      'no-open': { type: 'boolean' },
      json: { type: 'boolean' },
      timings: { type: 'boolean' },
      'sandbox-fast-forward': { type: 'string' },
      'sandbox-block-time': { type: 'string' },
      'sandbox-live-states': { type: 'string' },
      'sandbox-live-blocks': { type: 'string' },
      'first-frame-budget': { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument: ${positionals[0]}`);
  let port = DEFAULT_WEB_PORT;
  if (values.port !== undefined) {
    if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port must be a number from 0 to 65535, not ${JSON.stringify(values.port)}`);
    port = Number(values.port);
  }
  if (values.data !== undefined && values.data.trim() === '') throw new Error('--data needs a folder');
  const hours = values['sandbox-fast-forward'];
  if (hours !== undefined && !(/^\d+(\.\d+)?$/.test(hours) && Number(hours) > 0 && Number(hours) <= 168)) {
    throw new Error(`--sandbox-fast-forward must be a number of hours above 0 and at most 168, not ${JSON.stringify(hours)}`);
  }
  const blockTime = values['sandbox-block-time'];
  if (blockTime !== undefined && !(/^\d+(\.\d+)?$/.test(blockTime) && Number(blockTime) <= 3600)) {
    throw new Error(`--sandbox-block-time must be a number of seconds from 0 to 3600, not ${JSON.stringify(blockTime)}`);
  }
  if (hours !== undefined && blockTime !== undefined && Number(blockTime) === 0) {
    throw new Error('--sandbox-fast-forward mines traffic: it needs live blocks (a --sandbox-block-time above 0)');
  }
  const liveStates = values['sandbox-live-states'];
  if (liveStates !== undefined && !(/^\d{1,6}$/.test(liveStates) && Number(liveStates) >= 1 && Number(liveStates) <= 100_000)) {
    throw new Error(`--sandbox-live-states must be a whole number from 1 to 100000, not ${JSON.stringify(liveStates)}`);
  }
  const liveBlocks = values['sandbox-live-blocks'];
  if (liveBlocks !== undefined && !(/^\d{1,8}$/.test(liveBlocks) && Number(liveBlocks) >= 64 && Number(liveBlocks) <= 10_000_000)) {
    throw new Error(`--sandbox-live-blocks must be a whole number from 64 to 10000000, not ${JSON.stringify(liveBlocks)}`);
  }
  const budget = values['first-frame-budget'];
  if (budget !== undefined && !(/^\d{1,5}$/.test(budget) && Number(budget) <= 60_000)) {
    throw new Error(`--first-frame-budget must be a whole number of milliseconds from 0 to 60000, not ${JSON.stringify(budget)}`);
  }
  return {
    port,
    dataDir: values.data,
    open: !values['no-open'],
    json: values.json === true,
    timings: values.timings === true,
    ...(hours !== undefined ? { sandboxFastForwardHours: Number(hours) } : {}),
    ...(blockTime !== undefined ? { sandboxBlockTimeSeconds: Number(blockTime) } : {}),
    ...(liveStates !== undefined ? { sandboxLiveStates: Number(liveStates) } : {}),
    ...(liveBlocks !== undefined ? { sandboxLiveBlocks: Number(liveBlocks) } : {}),
    ...(budget !== undefined ? { firstFrameBudgetMs: Number(budget) } : {}),
  };
}

/** The sandbox child's flags for what `npm run serve` was asked: `--fast-forward H`, `--block-time S`, `--live-states N`, `--live-blocks N`; none when none was. */
export function sandboxArgsOf(options: Pick<ServeArgs, 'sandboxFastForwardHours' | 'sandboxBlockTimeSeconds' | 'sandboxLiveStates' | 'sandboxLiveBlocks'>): { sandboxArgs?: string[] } {
  const args = [
    ...(options.sandboxFastForwardHours ? ['--fast-forward', String(options.sandboxFastForwardHours)] : []),
    ...(options.sandboxBlockTimeSeconds !== undefined ? ['--block-time', String(options.sandboxBlockTimeSeconds)] : []),
    ...(options.sandboxLiveStates !== undefined ? ['--live-states', String(options.sandboxLiveStates)] : []),
    ...(options.sandboxLiveBlocks !== undefined ? ['--live-blocks', String(options.sandboxLiveBlocks)] : []),
  ];
  return args.length > 0 ? { sandboxArgs: args } : {};
}
