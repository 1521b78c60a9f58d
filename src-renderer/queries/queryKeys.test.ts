import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appKey, networkKey, networkScope } from './queryKeys';

describe('query keys', () => {
  it("never lets one network's cached answer show on another", () => {
    const client = new QueryClient();
    client.setQueryData(networkKey('mainnet', 'block', '0x10'), { hash: '0xaaa' });
    expect(client.getQueryData(networkKey('sepolia', 'block', '0x10'))).toBeUndefined();
    expect(client.getQueryData(networkKey('mainnet', 'block', '0x10'))).toEqual({ hash: '0xaaa' });
  });

  it("drops one network's data, and only that, by its scope", async () => {
    const client = new QueryClient();
    client.setQueryData(networkKey('local', 'block', '0x1'), 1);
    client.setQueryData(networkKey('mainnet', 'block', '0x1'), 2);
    client.setQueryData(appKey('settings'), 3);
    client.removeQueries({ queryKey: networkScope('local') });
    expect(client.getQueryData(networkKey('local', 'block', '0x1'))).toBeUndefined();
    expect(client.getQueryData(networkKey('mainnet', 'block', '0x1'))).toBe(2);
    expect(client.getQueryData(appKey('settings'))).toBe(3);
  });

  it('keys of different networks never collide, whatever the parts', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.array(fc.jsonValue()), (a, b, parts) => {
        fc.pre(a !== b);
        expect(JSON.stringify(networkKey(a, ...parts))).not.toBe(JSON.stringify(networkKey(b, ...parts)));
      }),
    );
  });

  it('refuses a network-scoped key without a network', () => {
    expect(() => networkKey('', 'block')).toThrow('needs the network id');
  });
});
