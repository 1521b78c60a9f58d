import { parseCliArgs, USAGE, type CliOptions } from './cliArgs';
import { startSandbox, type Sandbox } from './sandbox';

// The sandbox command: prints the addresses when ready, stops cleanly on SIGINT/SIGTERM. Progress
// goes to stderr so that `--json` leaves exactly one line on stdout.
let options: CliOptions;
try {
  options = parseCliArgs(process.argv.slice(2));
  // Read once: nothing this process starts (Anvil, its guard) inherits the key or secret.
  delete process.env.BLOCKGLASS_SANDBOX_KEY;
  delete process.env.BLOCKGLASS_SANDBOX_SECRET;
} catch (error) {
  process.stderr.write(`sandbox: ${(error as Error).message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const log = (line: string) => process.stderr.write(`sandbox: ${line}\n`);
let sandbox: Sandbox | undefined;
let stopping = false;
let stoppingAt = 0;

/**
 * Stops in order: the chain is saved, then Anvil and the servers stop, then the process exits. A signal
 * that comes while the sandbox is still starting waits for the start to finish and then stops in order
 * (exiting at once would leave Anvil writing its chain after this process is gone). A second Ctrl+C stops
 * at once, but not the first one's echo: from the terminal to the whole process group and from the guard
 * that owns this process, one Ctrl+C arrives twice within milliseconds.
 */
async function stop(code: number): Promise<never> {
  if (stopping) {
    if (Date.now() - stoppingAt > 1000) process.exit(code);
    return new Promise<never>(() => {});
  }
  stopping = true;
  stoppingAt = Date.now();
  if (!sandbox) return new Promise<never>(() => {}); // still starting: the start path stops when it is done
  log('stopping (saving the chain)…');
  await sandbox.close().catch((error: Error) => log(`error while stopping: ${error.message}`));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('SIGHUP', () => void stop(0));

try {
  const started = Date.now();
  sandbox = await startSandbox({ ...options, log });
  if (stopping) {
    stopping = false; // asked to stop while starting: stop now, in order
    await stop(0);
  }
  sandbox.failed.catch((error: Error) => {
    log(error.message);
    void stop(1);
  });
  const { info, manifest } = sandbox;
  if (options.json) {
    process.stdout.write(`${JSON.stringify(info)}\n`);
  } else {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const auth = info.secret === null ? 'KEY:SECRET' : `${info.key}:${info.secret}`;
    process.stdout.write(
      [
        `Blockglass sandbox ready in ${seconds} s: chain ${info.chainId}, seeded to block ${manifest.seededToBlock}, data in ${options.dataDir}`,
        '',
        `  JSON-RPC (HTTP)   ${info.rpcUrl}`,
        `  JSON-RPC (WS)     ${info.wsUrl}`,
        `  Gas API           ${info.gasUrl}/networks/${info.chainId}/suggestedGasFees   (basic auth ${auth})`,
        `  Content store     ${info.storageUrl}/api/v0/<command>   (basic auth ${auth})`,
        `  Demo content      ${sandbox.demoContent.rootCid}   (a folder: text, JSON, an image, a 50 MiB file)`,
        `  API key           ${info.key}`,
        `  API key secret    ${info.secret ?? '(set when the key was created; start with --key K --secret S to choose a new one)'}`,
        '',
        `  Try: curl -s -X POST -H 'content-type: application/json' --data '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' ${info.rpcUrl}`,
        '',
        'Ctrl+C stops the sandbox and saves the chain.',
        '',
      ].join('\n'),
    );
  }
} catch (error) {
  log(`could not start: ${(error as Error).message}`);
  process.exit(1); // startSandbox stopped what it had started
}
