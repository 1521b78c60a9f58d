import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { RunInfo } from './report';

/** What a run's report says of the machine and the checkout, read when the run starts. */
export function describeMachine(projectRoot: string): Pick<RunInfo, 'cpu' | 'cores' | 'memoryBytes' | 'os' | 'kernel' | 'node' | 'commit' | 'dirty'> {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    os: osName(),
    kernel: os.release(),
    node: process.version,
    commit: headCommit(projectRoot),
    // Tracked files only: the benchmark's own output and other untracked files do not change what ran.
    dirty: (git(projectRoot, 'status', '--porcelain', '--untracked-files=no') ?? '') !== '',
  };
}

/** The short hash of HEAD, or a sentence saying there is none. */
export function headCommit(projectRoot: string): string {
  return git(projectRoot, 'rev-parse', '--short', 'HEAD') ?? 'unknown (not a git checkout)';
}

/** The 1-minute load average (NaN where the platform has none). */
export function loadAverage(): number {
  return os.loadavg()[0] ?? Number.NaN;
}

function git(cwd: string, ...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** The distribution's name from /etc/os-release where there is one, else Node's platform name. */
function osName(): string {
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1];
    if (pretty) return pretty;
  } catch {
    // not Linux, or no os-release
  }
  return `${os.type()} ${os.platform()}`;
}
