import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cancelledRequest } from '../rpc/nodeError';
import { isCancellation } from './cancelledRejections';

describe('unhandled rejections that are only cancellations', () => {
  it('knows a cancellation: an AbortError, a timeout, our cancelled request, or an error caused by one', () => {
    expect(isCancellation(new DOMException('The operation was aborted.', 'AbortError'))).toBe(true);
    expect(isCancellation(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(true);
    expect(isCancellation(cancelledRequest())).toBe(true);
    expect(isCancellation(new Error('the read failed', { cause: new DOMException('aborted', 'AbortError') }))).toBe(true);
    for (const other of [new Error('boom'), new TypeError('x is not a function'), 'AbortError', null, undefined, 42]) expect(isCancellation(other)).toBe(false);
  });

  // In a process of its own: what Node does with each kind when the guard is installed.
  const run = (body: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import { surviveCancelledRejections } from ${JSON.stringify(new URL('./cancelledRejections.ts', import.meta.url).pathname)};\nsurviveCancelledRejections((line) => console.log(line));\n${body}\nsetTimeout(() => console.log('still up'), 50);`], { encoding: 'utf8', timeout: 20_000 });

  it('keeps the process up after a cancelled promise left unread, and says so', () => {
    const result = run("Promise.reject(new DOMException('The request was cancelled.', 'AbortError'));");
    expect(result.stdout).toContain("app: a cancelled request's answer was left unread (The request was cancelled.)");
    expect(result.stdout).toContain('still up');
    expect(result.status).toBe(0);
  });

  it('still ends the process on any other unhandled rejection, with its error', () => {
    const result = run("Promise.reject(new Error('a real defect'));");
    expect(result.stdout).not.toContain('still up');
    expect(result.stderr).toContain('a real defect');
    expect(result.status).not.toBe(0);
  });
});
