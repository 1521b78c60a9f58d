import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointUrlProblem, type EndpointRules } from './endpointUrlProblem';

const rpc: EndpointRules = { protocols: ['http', 'https', 'ws', 'wss'], keyPlaceholder: true };
const http: EndpointRules = { protocols: ['http', 'https'], keyPlaceholder: false };

describe('endpointUrlProblem', () => {
  it.each([
    'https://mainnet.infura.io/v3/',
    'https://eth-mainnet.g.alchemy.com/v2/',
    'https://eth-mainnet.g.alchemy.com/v2/{key}',
    'https://rpc.example.com/path?apikey={key}',
    'http://127.0.0.1:8545',
    'http://localhost:8545/',
    'wss://polygon-mainnet.infura.io/ws/v3/',
    'https://arbitrum-mainnet.infura.io/v3/?chain=42161',
    '  https://cloudflare-eth.com  ',
    'https://nd-123-456-789.p2pify.com/',
    'https://[::1]:8545/',
  ])('accepts %s', (url) => {
    expect(endpointUrlProblem(url, rpc)).toBeUndefined();
  });

  it.each([
    ['', 'Enter an address.'],
    ['mainnet.infura.io/v3/', 'Enter a full address, such as http://example.com/rpc.'],
    ['ftp://example.com/', 'Use an address starting with http:// or https:// or ws:// or wss://.'],
    ['javascript:alert(1)', 'Use an address starting with http:// or https:// or ws:// or wss://.'],
    ['file:///etc/passwd', 'Use an address starting with http:// or https:// or ws:// or wss://.'],
    ['https://user:pass@rpc.example.com/', 'Remove the “user:password@” part from the address. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://user@rpc.example.com/', 'Remove the “user:password@” part from the address. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161', 'The address seems to contain an API key in its path. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://eth-mainnet.g.alchemy.com/v2/Xy7kQ2mN9pLr4sT1vW8zA3bC', 'The address seems to contain an API key in its path. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://rpc.example.com/%39aa3d95b3bc440fa88ea12eaa4456161/', 'The address seems to contain an API key in its path. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://rpc.example.com/?apikey=abc', 'The address carries a key in its "apikey" parameter. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://rpc.example.com/?Token=abc', 'The address carries a key in its "Token" parameter. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    [`https://rpc.example.com/?${'k'.repeat(200)}=9aa3d95b3bc440fa88ea12eaa4456161`, `The address carries a key in its "${'k'.repeat(48)}…" parameter. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.`],
    ['https://rpc.example.com/?x=9aa3d95b3bc440fa88ea12eaa4456161', 'The address carries a key in its "x" parameter. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://9aa3d95b3bc440fa88ea12eaa4456161.rpc.example.com/', 'The address seems to contain an API key in its host name. Enter the key in the key field instead: Blockglass adds it to the address when it connects, and keeps it in the system keychain.'],
    ['https://rpc.example.com/#frag', 'Remove the “#…” part from the address: endpoints do not use it.'],
    ['https://rpc.example.com/{key}/{key}', '{key} can appear only once.'],
    ['https://{key}.example.com/', '{key} can only be used in the path or the query.'],
    [`https://rpc.example.com/${'a'.repeat(2048)}`, 'The address is longer than 2048 characters.'],
  ])('refuses %j: %s', (url, message) => {
    expect(endpointUrlProblem(url, rpc)).toBe(message);
  });

  it('never repeats a suspected key in its message', () => {
    const key = '9aa3d95b3bc440fa88ea12eaa4456161';
    for (const url of [`https://x.example/v3/${key}`, `https://x.example/?apikey=${key}`, `https://${key}.example/`, `https://${key}:x@example.com/`]) {
      const problem = endpointUrlProblem(url, rpc);
      expect(problem).toBeDefined();
      expect(problem).not.toContain(key);
    }
  });

  it('allows only http(s) and no placeholder where the rules say so', () => {
    expect(endpointUrlProblem('wss://gas.example.com', http)).toBe('Use an address starting with http:// or https://.');
    expect(endpointUrlProblem('https://gas.example.com/{key}', http)).toBe('{key} can only be used in JSON-RPC addresses.');
    expect(endpointUrlProblem('https://gas.api.infura.io', http)).toBeUndefined();
    expect(endpointUrlProblem('https://ipfs.infura.io:5001', http)).toBeUndefined();
  });

  it('refuses every hosted-service-style key pasted into the path, query or host, without repeating it', () => {
    const key = fc.string({ minLength: 32, maxLength: 32, unit: fc.constantFrom(...'0123456789abcdef') });
    const place = fc.constantFrom(
      (k: string) => `https://mainnet.infura.io/v3/${k}`,
      (k: string) => `wss://mainnet.infura.io/ws/v3/${k}/`,
      (k: string) => `https://rpc.example.com/?p=${k}`,
      (k: string) => `https://${k}.example.com/`,
    );
    fc.assert(
      fc.property(key, place, (k, url) => {
        const problem = endpointUrlProblem(url(k), rpc);
        expect(problem).toBeDefined();
        expect(problem).not.toContain(k);
      }),
    );
  });
});
