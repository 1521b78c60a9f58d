import { describe, expect, it } from 'vitest';
import { keyedUrl } from './keyedUrl';

describe('keyedUrl', () => {
  it.each([
    ['https://mainnet.infura.io/v3/', 'abc123', 'https://mainnet.infura.io/v3/abc123'],
    ['wss://mainnet.infura.io/ws/v3/', 'abc123', 'wss://mainnet.infura.io/ws/v3/abc123'],
    ['http://127.0.0.1:41234/local/v3/', 'k1', 'http://127.0.0.1:41234/local/v3/k1'],
    ['https://rpc.ankr.com/eth', 'abc123', 'https://rpc.ankr.com/eth/abc123'],
    ['http://127.0.0.1:8545', 'abc123', 'http://127.0.0.1:8545/abc123'],
    ['https://x.example/v2/?chain=1', 'abc123', 'https://x.example/v2/abc123?chain=1'],
    ['https://x.example/rpc?apikey={key}', 'abc123', 'https://x.example/rpc?apikey=abc123'],
    ['https://x.example/{key}/rpc', 'abc123', 'https://x.example/abc123/rpc'],
    ['https://x.example/v3/', 'a/b?c#d&e', 'https://x.example/v3/a%2Fb%3Fc%23d%26e'],
    ['https://x.example/{key}', '$&$1', 'https://x.example/%24%26%241'],
    ['https://x.example/v3/', 'ключ', 'https://x.example/v3/%D0%BA%D0%BB%D1%8E%D1%87'],
  ])('puts the key into %s', (template, key, expected) => {
    expect(keyedUrl(template, key)).toBe(expected);
    expect(new URL(expected).href).toBe(expected); // a well-formed URL, unchanged by parsing
  });
});
