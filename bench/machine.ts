import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { RunInfo } from './report';

/** What a run's report says of the machine, read from it now; the run's timing and mode come from the caller. */
export function describeMachine(projectRoot: string): Omit<RunInfo, 'startedAt' | 'durationSeconds' | 'quick'> {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: projectRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return undefined;
    }
  };
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    os: osName(),
    kernel: os.release(),
    node: process.version,
    commit: git('rev-parse', '--short', 'HEAD') ?? 'unknown (not a git checkout)',
    // Tracked files only: the benchmark's own output and other untracked files do not change what ran.
    dirty: (git('status', '--porcelain', '--untracked-files=no') ?? '') !== '',
    loadAverage: os.loadavg()[0] ?? Number.NaN,
  };
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
