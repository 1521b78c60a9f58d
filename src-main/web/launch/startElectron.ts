import { spawn, type ChildProcess } from 'node:child_process';
import { decideElectronStart } from './decideElectronStart';
import { installedElectronBinary } from './electronRuntime';
import { hasDisplay } from './hasDisplay';
import { installElectronRuntime } from './installElectronRuntime';

/** How `npm start`'s attempt at Electron ended: the app runs in Electron, the web host must open instead, or a signal stopped it. */
export type ElectronOutcome = { kind: 'electron'; child: ChildProcess; exit: Promise<number> } | { kind: 'web'; reason: string } | { kind: 'stopped' };

export interface StartElectronOptions {
  /** The project folder, whose package.json names the app's entry (out/main/index.js). */
  projectRoot: string;
  /** The `electron` package's folder (electronPackageDir), undefined when it is not installed. */
  packageDir: string | undefined;
  /** The environment of the decision, the installer and Electron. */
  env: NodeJS.ProcessEnv;
  /** Progress lines (stderr). */
  log: (line: string) => void;
  /** Stops an installation under way (Ctrl+C, SIGTERM). */
  signal?: AbortSignal;
  /** The installer's time limit (installElectronRuntime's default otherwise). */
  installTimeoutMs?: number;
  /** Defaults: this process's Node and platform. */
  nodeVersion?: string;
  platform?: NodeJS.Platform;
}

/**
 * `npm start`'s Electron path: runs the installed runtime on the project, installing it first with Electron's
 * own installer when it is missing and nothing rules that out (decideElectronStart). Resolves once Electron is
 * spawned (its exit code in `exit`), or with the one-clause reason the web host opens instead.
 */
export async function startElectron(options: StartElectronOptions): Promise<ElectronOutcome> {
  const { projectRoot, packageDir, env, log, signal } = options;
  const decision = decideElectronStart({
    packageDir,
    binary: packageDir ? installedElectronBinary(packageDir, env) : undefined,
    env,
    nodeVersion: options.nodeVersion ?? process.versions.node,
    display: hasDisplay(env, options.platform ?? process.platform),
  });
  if (decision.action === 'web') return { kind: 'web', reason: decision.reason };
  let binary: string;
  if (decision.action === 'install') {
    const installed = await installElectronRuntime({ packageDir: packageDir!, env, log, signal, timeoutMs: options.installTimeoutMs });
    if (!installed.ok) return installed.stopped ? { kind: 'stopped' } : { kind: 'web', reason: installed.reason };
    binary = installed.binary;
  } else {
    binary = decision.binary;
  }
  // The project folder's package.json names out/main/index.js as the entry.
  const child = spawn(binary, [projectRoot], { stdio: 'inherit', cwd: projectRoot, env });
  const exit = new Promise<number>((resolve) => {
    child.once('error', (error) => {
      log(`could not run Electron (${binary}): ${error.message}`);
      resolve(1);
    });
    child.once('exit', (exitCode, exitSignal) => resolve(exitCode ?? (exitSignal ? 1 : 0)));
  });
  return { kind: 'electron', child, exit };
}
