import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toLogFilter } from './logQuery';
import { logRequestCurl, logRequestJson } from './logRequestText';
import type { LogQuery } from './types';

const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TEMPLATE = 'https://mainnet.example.io/v3/<YOUR-API-KEY>';
const QUERY: LogQuery = { addresses: [A], topics: [[TRANSFER], null, [`0x${'1'.repeat(64)}`]], fromBlock: '100', toBlock: 'latest', event: 'Transfer(address,address,uint256)' };

/** The arguments a POSIX shell passes to curl for the line (the line is run by sh, with curl swapped for a printer). */
function shellArguments(line: string): string[] {
  expect(line.startsWith('curl ')).toBe(true);
  const script = `set -- ${line.slice('curl '.length)}; for a; do printf '%s\\0' "$a"; done`;
  return execFileSync('sh', ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
}

describe('logRequestJson', () => {
  it('is the exact eth_getLogs body, pretty-printed, without the event', () => {
    expect(logRequestJson(QUERY)).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 1,
        "method": "eth_getLogs",
        "params": [
          {
            "address": "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
            "topics": [
              "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
              null,
              "0x1111111111111111111111111111111111111111111111111111111111111111"
            ],
            "fromBlock": "0x64",
            "toBlock": "latest"
          }
        ]
      }"
    `);
  });

  it('takes the request id', () => {
    expect(JSON.parse(logRequestJson({ addresses: [], topics: [] }, 7))).toEqual({ jsonrpc: '2.0', id: 7, method: 'eth_getLogs', params: [{}] });
  });
});

describe('logRequestCurl', () => {
  it('is one curl line posting the compact body to the URL template', () => {
    expect(logRequestCurl(QUERY, TEMPLATE)).toMatchInlineSnapshot(
      `"curl -X POST -H 'Content-Type: application/json' --data '{"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"address":"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045","topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",null,"0x1111111111111111111111111111111111111111111111111111111111111111"],"fromBlock":"0x64","toBlock":"latest"}]}' 'https://mainnet.example.io/v3/<YOUR-API-KEY>'"`,
    );
  });

  it('holds no key: the URL is the template, placeholder and all', () => {
    const line = logRequestCurl(QUERY, TEMPLATE);
    const args = shellArguments(line);
    expect(args.at(-1)).toBe(TEMPLATE);
    expect(line.match(/https?:\/\/[^' ]+/g)).toEqual([TEMPLATE]);
    expect(shellArguments(logRequestCurl(QUERY, 'http://127.0.0.1:8545/')).at(-1)).toBe('http://127.0.0.1:8545/');
  });

  it('gives the shell the body, which parses back to the filter', () => {
    const args = shellArguments(logRequestCurl(QUERY, TEMPLATE));
    expect(args.slice(0, 5)).toEqual(['-X', 'POST', '-H', 'Content-Type: application/json', '--data']);
    expect(JSON.parse(args[5]!)).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [toLogFilter(QUERY)] });
  });

  it("escapes single quotes and anything else in the body and URL for the shell (property)", () => {
    const nasty = fc.oneof(fc.string({ unit: fc.constantFrom(...`'"\\$\`!* ;&|\n()<>{}`.split('')) }), fc.string({ unit: 'grapheme' })).filter((text) => !text.includes('\0')); // no shell argument holds a NUL
    fc.assert(
      fc.property(nasty, nasty, (fromBlock, url) => {
        const query: LogQuery = { addresses: [], topics: [], fromBlock };
        const args = shellArguments(logRequestCurl(query, url));
        expect(args).toHaveLength(7);
        expect(JSON.parse(args[5]!).params).toEqual([toLogFilter(query)]);
        expect(args[6]).toBe(url);
      }),
      { numRuns: 60 },
    );
  });
});
