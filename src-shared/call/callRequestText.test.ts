import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callCurl, callLinkFromSearch, callLinkToSearch, callParams, castCallLine } from './callRequestText';
import type { CallRequest } from './types';

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const to = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const url = 'https://mainnet.example.io/v3/<YOUR-API-KEY>';

describe('a call as text', () => {
  it('writes the block as the spec wants it: a tag, a hex number, or a hash as { blockHash }', () => {
    const base: CallRequest = { call: { from, to, data: '0x' }, block: 'latest' };
    expect(callParams(base)[1]).toBe('latest');
    expect(callParams({ ...base, block: '171' })[1]).toBe('0xab');
    expect(callParams({ ...base, block: `0x${'ab'.repeat(32)}` })[1]).toEqual({ blockHash: `0x${'ab'.repeat(32)}` });
    expect(callParams({ ...base, overrides: { [to]: { balance: '0x1' } } })).toHaveLength(3);
  });

  it('makes a curl line that posts the exact request, and a cast call line with every field', () => {
    const request: CallRequest = { call: { from, to, data: '0x70a08231', value: '0x10', gas: '0x5208', maxFeePerGas: '0x64', maxPriorityFeePerGas: '0x2' }, block: 'latest', overrides: { [to]: { balance: '0xff', stateDiff: { [`0x${'0'.repeat(64)}`]: `0x${'1'.padStart(64, '0')}` } } } };
    const curl = callCurl(request, url);
    const body = /--data '([^']*)'/.exec(curl)![1]!;
    expect(JSON.parse(body)).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: callParams(request) });
    expect(curl.endsWith(`'${url}'`)).toBe(true);
    expect(castCallLine(request, url)).toBe(
      `cast call ${to} 0x70a08231 --from ${from} --value 16 --gas-limit 21000 --gas-price 100 --priority-gas-price 2 --block latest --override-balance ${to}:255 --override-state-diff ${to}:0x${'0'.repeat(64)}:0x${'1'.padStart(64, '0')} --rpc-url '${url}'`,
    );
  });

  it('round-trips a link through its query string', () => {
    const field = fc.option(fc.string({ minLength: 1, maxLength: 30 }), { nil: undefined });
    fc.assert(
      fc.property(fc.record({ to: field, data: field, from: field, block: field, value: field, gas: field }, { requiredKeys: [] }), (link) => {
        const defined = Object.fromEntries(Object.entries(link).filter(([, value]) => value !== undefined));
        expect(callLinkFromSearch(`?${callLinkToSearch(link)}`)).toEqual(defined);
      }),
    );
  });
});
