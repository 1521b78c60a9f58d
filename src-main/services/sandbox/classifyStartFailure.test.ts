import { describe, expect, it } from 'vitest';
import { classifyStartFailure } from './classifyStartFailure';

describe('classifyStartFailure', () => {
  it.each([
    [{ name: 'KeychainUnavailableError', kind: 'keychain' as const, code: 'KEYCHAIN_UNAVAILABLE' as const, shortMessage: 'The system keychain could not be reached' }, 'no keychain could be reached for its key'],
    [{ shortMessage: 'The local sandbox could not start', details: 'It exited (exit code 1) before it was ready. Its last words: Error: listen EADDRINUSE: address already in use 127.0.0.1:18545' }, 'its port is taken by another program'],
    [{ shortMessage: 'The local sandbox could not start', details: 'Its last words: Error: Anvil binary package @foundry-rs/anvil-linux-amd64 is not installed; run npm install' }, 'the Anvil node is not installed'],
    [{ shortMessage: 'The local sandbox could not start', details: "ENOTDIR: not a directory, mkdir '/tmp/x/file/sandbox'" }, 'its data folder cannot be written'],
    [{ shortMessage: 'The local sandbox could not start', details: "EACCES: permission denied, open '/data/sandbox/keys.json'" }, 'its data folder cannot be written'],
  ])('a cause a restart will not cure is permanent: %j', (error, reason) => {
    expect(classifyStartFailure(error)).toMatchObject({ permanent: true, reason });
  });

  it('anything else may pass: it is retried, and its own words are the reason', () => {
    expect(classifyStartFailure({ shortMessage: 'The local sandbox could not start', details: 'It printed no ready line within 180 s' })).toMatchObject({
      permanent: false,
      reason: 'could not start',
    });
  });
});
