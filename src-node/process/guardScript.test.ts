import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandLine, processesNaming } from '../../test-support/processTree';
import { guardScript } from './guardScript';

// Real /bin/sh guards over real children. Whoever waits for a guard (the app for its sandbox, the sandbox for
// its Anvil) takes its exit as "all of it is gone": nothing with the guard's command line may outlive it.

/** A guard over `sh -c <child>`, its command line marked with a word no other process holds. */
function guarded(child: string): { guard: ChildProcess; marker: string; exited: Promise<number | null> } {
  const marker = `guard-test-${crypto.randomBytes(6).toString('hex')}`;
  const guard = spawn('/bin/sh', ['-c', guardScript('probe'), 'probe-guard', '/bin/sh', '-c', child, marker], { stdio: ['pipe', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => guard.once('exit', (code) => resolve(code)));
  return { guard, marker, exited };
}

/** Resolves once the guard has printed its child's PID (the child runs, the watcher is started). */
function childStarted(guard: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    let text = '';
    guard.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (/probe-pid \d+/.test(text)) resolve();
    });
  });
}

// Each way a guard ends, many times over: the watcher's leftover was a race (7 of 100 ends on a two-core machine).
const ROUNDS = 40;

describe('guardScript', () => {
  it('passes its child exit status on, and once it has exited nothing of it is left (its child ended by itself)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { guard, marker, exited } = guarded('exit 3');
      expect(await exited).toBe(3);
      expect(processesNaming(marker).map(commandLine), `round ${round}`).toEqual([]);
      guard.stdin!.destroy();
    }
  }, 60_000);

  it('passes a SIGTERM on to its child, and once it has exited nothing of it is left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { guard, marker, exited } = guarded('sleep 30');
      await childStarted(guard);
      guard.kill('SIGTERM');
      expect(await exited, 'the child killed by SIGTERM: 128 + 15').toBe(143);
      expect(processesNaming(marker).map(commandLine), `round ${round}`).toEqual([]);
      guard.stdin!.destroy();
    }
  }, 60_000);

  it('stops its child when its stdin closes (its parent died), and once it has exited nothing of it is left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { guard, marker, exited } = guarded('sleep 30');
      await childStarted(guard);
      guard.stdin!.end();
      expect(await exited).toBe(143);
      expect(processesNaming(marker).map(commandLine), `round ${round}`).toEqual([]);
    }
  }, 60_000);
});
