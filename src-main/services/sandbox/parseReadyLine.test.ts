import { describe, expect, it } from 'vitest';
import { parseReadyLine } from './parseReadyLine';

const line = {
  chainId: 31337,
  rpcUrl: 'http://127.0.0.1:41234/local/v3/k3y',
  wsUrl: 'ws://127.0.0.1:41234/local/ws/v3/k3y',
  gasUrl: 'http://127.0.0.1:41234',
  storageUrl: 'http://127.0.0.1:41234',
  key: 'k3y',
  secret: null,
};

describe('parseReadyLine', () => {
  it('keeps the addresses and drops the key', () => {
    const addresses = parseReadyLine(JSON.stringify(line), 'k3y');
    expect(addresses).toEqual({
      chainId: 31337,
      rpcUrl: 'http://127.0.0.1:41234/local/v3/',
      wsUrl: 'ws://127.0.0.1:41234/local/ws/v3/',
      gasUrl: 'http://127.0.0.1:41234',
      storageUrl: 'http://127.0.0.1:41234',
    });
    expect(JSON.stringify(addresses)).not.toContain('k3y');
  });

  it('keeps how many live states the sandbox says it keeps', () => {
    expect(parseReadyLine(JSON.stringify({ ...line, liveStatesKept: 128 }), 'k3y')?.liveStatesKept).toBe(128);
    expect(parseReadyLine(JSON.stringify({ ...line, liveBlocksKept: 4096 }), 'k3y')?.liveBlocksKept).toBe(4096);
  });

  it.each([
    ['not JSON', 'sandbox: starting'],
    ['another key than the one given', JSON.stringify({ ...line, key: 'other' })],
    ['a missing address', JSON.stringify({ ...line, wsUrl: undefined })],
    ['an address of another form', JSON.stringify({ ...line, rpcUrl: 'https://evil.example/x' })],
    ['a count of kept states that is not a positive whole number', JSON.stringify({ ...line, liveStatesKept: 0.5 })],
    ['a count of kept blocks that is not a positive whole number', JSON.stringify({ ...line, liveBlocksKept: -1 })],
  ])('refuses %s', (_name, text) => {
    expect(parseReadyLine(text, 'k3y')).toBeUndefined();
  });
});
