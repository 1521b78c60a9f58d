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
}

/** The usage line printed on bad flags. */
export const SERVE_USAGE = 'usage: npm run serve -- [--port N] [--data DIR] [--no-open] [--json] [--timings] [--sandbox-fast-forward HOURS]';

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
  return { port, dataDir: values.data, open: !values['no-open'], json: values.json === true, timings: values.timings === true, ...(hours !== undefined ? { sandboxFastForwardHours: Number(hours) } : {}) };
}
