// npm run serve -- [--port N] [--data DIR] [--no-open] [--json] [--timings] [--sandbox-fast-forward H] [--sandbox-block-time S] [--sandbox-live-states N] [--sandbox-live-blocks N] [--first-frame-budget MS]
// The app as a web host on 127.0.0.1 (for browsers, the end-to-end tests, and machines without
// Electron's runtime). Bad flags print the usage and exit 2; progress goes to stderr.
import path from 'node:path';
import { defaultDataDir } from '../src-main/web/launch/defaultDataDir';
import { findProjectRoot } from '../src-main/web/launch/findProjectRoot';
import { parseServeArgs, SERVE_USAGE, type ServeArgs } from '../src-main/web/launch/parseServeArgs';
import { runInPrivateKeychainIfNeeded } from '../src-main/web/launch/privateKeychain';
import { runWebHost } from '../src-main/web/launch/runWebHost';
import { surviveCancelledRejections } from '../src-main/services/app/cancelledRejections';

const projectRoot = findProjectRoot(import.meta.url);
const log = (line: string) => process.stderr.write(`[blockglass] ${line}\n`);
surviveCancelledRejections(log);

let args: ServeArgs;
try {
  args = parseServeArgs(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${SERVE_USAGE}\n`);
  process.exit(2);
}

if (!runInPrivateKeychainIfNeeded(projectRoot, log)) {
  try {
    await runWebHost({
    projectRoot,
    dataDir: path.resolve(args.dataDir ?? defaultDataDir()),
    port: args.port,
    openWindow: args.open,
    json: args.json,
    timings: args.timings,
    exitWithWindow: false,
    log,
    ...(args.sandboxFastForwardHours ? { sandboxFastForwardHours: args.sandboxFastForwardHours } : {}),
    ...(args.sandboxBlockTimeSeconds !== undefined ? { sandboxBlockTimeSeconds: args.sandboxBlockTimeSeconds } : {}),
    ...(args.sandboxLiveStates !== undefined ? { sandboxLiveStates: args.sandboxLiveStates } : {}),
    ...(args.sandboxLiveBlocks !== undefined ? { sandboxLiveBlocks: args.sandboxLiveBlocks } : {}),
    ...(args.firstFrameBudgetMs !== undefined ? { firstFrameBudgetMs: args.firstFrameBudgetMs } : {}),
  });
  } catch (error) {
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
