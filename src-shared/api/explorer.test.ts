import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explorerMethods } from './explorer';

describe("explorer.tokenFacts's input", () => {
  const input = explorerMethods['explorer.tokenFacts'].input;

  it('takes a network and a token address in any case, and nothing else', () => {
    expect(input.parse({ networkId: 'local', token: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })).toEqual({ networkId: 'local', token: '0x5FbDB2315678afecb367f032d93F642f64180aa3' });
    expect(input.safeParse({ networkId: 'local', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }).success).toBe(true);
    expect(input.parse({ networkId: 'local', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', block: '0xe6', holders: false })).toEqual({ networkId: 'local', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', block: '0xe6', holders: false });
    expect(input.safeParse({ networkId: 'local', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', block: 'latest' }).error?.issues[0]?.message).toBe('A block number is 0x followed by 1 to 16 hex digits.');
    expect(input.safeParse({ networkId: 'local', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', block: '0x12345678901234567' }).success).toBe(false);
    expect(input.safeParse({ networkId: 'local', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3', extra: 1 }).success).toBe(false);
    expect(input.safeParse({ networkId: '', token: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }).success).toBe(false);
    expect(input.safeParse({ networkId: 'local', token: '0x5fbdb2' }).error?.issues[0]?.message).toBe('An address is 0x followed by 40 hex digits.');
  });

  it('accepts exactly the texts that are 0x and 40 hex digits, never throwing on any other', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), fc.stringMatching(/^0x[0-9a-fA-F]{38,42}$/)), (token) => {
        const parsed = input.safeParse({ networkId: 'local', token });
        // Mixed case is accepted as typed (the page checks the checksum); any other shape is refused.
        expect(parsed.success).toBe(/^0x[0-9a-fA-F]{40}$/.test(token));
      }),
    );
  });

  it('refuses any value that is not a string, with a sentence, never a throw', () => {
    fc.assert(
      fc.property(fc.anything().filter((value) => typeof value !== 'string'), (token) => {
        const parsed = input.safeParse({ networkId: 'local', token });
        expect(parsed.success).toBe(false);
        expect(typeof parsed.error?.issues[0]?.message).toBe('string');
      }),
    );
  });
});
