import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { readMetadataPointer } from '../../../../src-shared/decoding/solidityMetadata';
import { isStorageLayout, type StorageLayout } from './storageLayout';

/** What a recompile needs: the metadata file and the text of every source it names. */
export interface MetadataToCompile {
  /** The metadata's IPFS CID, as the contract's code names it: the recompile must give code that names the same. */
  cid: string;
  text: string;
  sources: { path: string; content: string | null }[];
}

/** Why no layout comes from a recompile, in words (for the log): it would be the same next time (the same CID). */
export class NoStorageLayoutError extends Error {}

/** The compiler's run failed (it could not start, crashed, answered no JSON or took too long): another run may not. */
export class CompilerRunError extends Error {}

const require = createRequire(import.meta.url);
/** A recompile of a large contract takes a second or two; past this the answer is given up on. */
const TIMEOUT_MS = 60_000;

// The compiler runs in a child process of its own, ended once it has answered: solc-js is a large WebAssembly module
// whose `compile` is synchronous (it would hold the main process, and every window's requests, for the whole compile)
// and whose memory is never given back while it is loaded (in a worker thread of main, main's memory grew by 100 to
// 200 MB per compile). The input comes on stdin, the answer goes to stdout as one JSON text.
const CHILD = `
const solc = require(process.argv[1]);
const release = process.argv[2];
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { input += chunk; });
process.stdin.on('end', () => {
  const version = solc.version();
  process.stdout.write(JSON.stringify({ version, output: version.startsWith(release) ? solc.compile(input) : null }));
});
`;

/**
 * A contract's storage layout, the way Sourcify verifies a contract: its sources recompiled with the settings its
 * metadata records, by the solc-js the app ships, and kept only when the recompiled code names the same metadata
 * CID (so the layout is that code's, not a near relative's). Standard metadata carries no layout, and adding one
 * would change the hash the code names; the sources and settings it does carry determine the layout. Throws
 * `NoStorageLayoutError` when the compiler is another version, a source is missing or the result differs (lasting
 * for that CID), `CompilerRunError` when the compiler's run failed, and the signal's reason when cancelled.
 */
export async function compileStorageLayout(metadata: MetadataToCompile, signal?: AbortSignal): Promise<StorageLayout> {
  const parsed = JSON.parse(metadata.text) as {
    language?: string;
    compiler?: { version?: string };
    settings?: Record<string, unknown> & { compilationTarget?: Record<string, string> };
  };
  const [target] = Object.entries(parsed.settings?.compilationTarget ?? {});
  if (!target || (parsed.language ?? 'Solidity') !== 'Solidity') throw new NoStorageLayoutError('the metadata names no Solidity compilation target');
  const missing = metadata.sources.filter((source) => source.content === null).map((source) => source.path);
  if (missing.length > 0) throw new NoStorageLayoutError(`the content store does not hold ${missing.join(', ')}`);
  const wanted = parsed.compiler?.version ?? '';
  const release = /^v?(\d+\.\d+\.\d+\+commit\.[0-9a-f]+)/.exec(wanted)?.[1];
  if (!release) throw new NoStorageLayoutError(`the metadata names no compiler release (${wanted || 'none'})`);
  // The package's version says the release without loading the compiler (its commit is checked in the child).
  const shipped = (require('solc/package.json') as { version: string }).version;
  if (!release.startsWith(`${shipped}+`)) throw new NoStorageLayoutError(`compiled by solc ${wanted}; Blockglass ships solc ${shipped}`);
  const { compilationTarget: _target, ...settings } = parsed.settings ?? {};
  const input = JSON.stringify({
    language: 'Solidity',
    sources: Object.fromEntries(metadata.sources.map((source) => [source.path, { content: source.content }])),
    settings: { ...settings, outputSelection: { [target[0]]: { [target[1]]: ['storageLayout', 'evm.deployedBytecode.object'] } } },
  });
  const { version, output } = await runCompiler({ solcPath: require.resolve('solc'), release, input }, signal);
  if (output === null) throw new NoStorageLayoutError(`compiled by solc ${wanted}; Blockglass ships solc ${version}`);
  const answer = JSON.parse(output ?? '{}') as {
    errors?: { severity: string; message: string }[];
    contracts?: Record<string, Record<string, { storageLayout?: unknown; evm?: { deployedBytecode?: { object?: string } } }>>;
  };
  const failed = answer.errors?.find((error) => error.severity === 'error');
  if (failed) throw new NoStorageLayoutError(`the sources do not compile: ${failed.message}`);
  const contract = answer.contracts?.[target[0]]?.[target[1]];
  const code = contract?.evm?.deployedBytecode?.object;
  if (!code || readMetadataPointer(`0x${code}`)?.ipfs !== metadata.cid) throw new NoStorageLayoutError('the recompiled code names another metadata file');
  if (!isStorageLayout(contract.storageLayout)) throw new NoStorageLayoutError('the compiler gave no storage layout');
  return contract.storageLayout;
}

/**
 * Runs the compiler in a child process (Node, or Electron's binary run as Node) with an environment of its own: nothing
 * of main's environment is passed. Killed on cancel, past the time limit, or when it has answered.
 */
function runCompiler(args: { solcPath: string; release: string; input: string }, signal?: AbortSignal): Promise<{ version: string; output: string | null }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    const child = spawn(process.execPath, ['-e', CHILD, args.solcPath, args.release], {
      env: { ELECTRON_RUN_AS_NODE: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    let settled = false;
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    const finish = (error: Error | undefined, answer?: { version: string; output: string | null }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(answer!);
    };
    const timer = setTimeout(() => finish(new CompilerRunError(`the compiler took more than ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    const onAbort = () => finish(signal!.reason instanceof Error ? signal!.reason : new Error('cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.once('error', (error) => finish(new CompilerRunError(`the compiler could not be started: ${error.message}`)));
    child.once('close', (code, killedBy) => {
      if (code !== 0) {
        const said = Buffer.concat(errors).toString('utf8').trim().split('\n').slice(-1)[0] ?? '';
        return finish(new CompilerRunError(`the compiler ended ${killedBy ? `by ${killedBy}` : `with exit code ${code}`}${said ? `: ${said}` : ''}`));
      }
      try {
        finish(undefined, JSON.parse(Buffer.concat(chunks).toString('utf8')) as { version: string; output: string | null });
      } catch {
        finish(new CompilerRunError('the compiler answered something that is not JSON'));
      }
    });
    // A child that ends before reading its input would fail the write (EPIPE): that is said by 'close' above.
    child.stdin.on('error', () => undefined);
    child.stdin.end(args.input);
  });
}
