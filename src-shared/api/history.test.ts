import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { historyMethods } from './history';

describe("history.approvals's input", () => {
  const input = historyMethods['history.approvals'].input;

  it('takes a network and an address in any case, and nothing else', () => {
    expect(input.parse({ networkId: 'local', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })).toEqual({ networkId: 'local', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' });
    expect(input.safeParse({ networkId: 'local', address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc', extra: 1 }).success).toBe(false);
    expect(input.safeParse({ networkId: '', address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' }).success).toBe(false);
    expect(input.safeParse({ networkId: 'local', address: '0x3c44' }).error?.issues[0]?.message).toBe('An address is 0x followed by 40 hex digits.');
  });

  it('accepts exactly the texts that are 0x and 40 hex digits, and refuses any other value without a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), fc.stringMatching(/^0x[0-9a-fA-F]{38,42}$/), fc.anything()), (address) => {
        const parsed = input.safeParse({ networkId: 'local', address });
        expect(parsed.success).toBe(typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address));
      }),
    );
  });
});
