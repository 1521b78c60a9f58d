import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formToQuery, queryToForm } from './builderForm';
import { LOCAL_ADDRESS_SLOT, rpcUrlTemplate } from '../../../components/RequestText';

describe('the builder form', () => {
  it('reads lists one per line, or separated by commas and spaces, and drops trailing wildcard positions', () => {
    const query = formToQuery({ ...EMPTY_FORM, addresses: `0x${'1'.repeat(40)},\n 0x${'2'.repeat(40)}`, topics: [`0x${'a'.repeat(64)}`, '', `0x${'b'.repeat(64)}\n0x${'c'.repeat(64)}`, ''], fromBlock: ' 10 ', toBlock: 'latest' });
    expect(query).toEqual({
      addresses: [`0x${'1'.repeat(40)}`, `0x${'2'.repeat(40)}`],
      topics: [[`0x${'a'.repeat(64)}`], null, [`0x${'b'.repeat(64)}`, `0x${'c'.repeat(64)}`]],
      fromBlock: '10',
      toBlock: 'latest',
    });
  });

  it('shows a query and reads it back unchanged', () => {
    const query = { addresses: [`0x${'1'.repeat(40)}`], topics: [null, [`0x${'a'.repeat(64)}`]], blockHash: `0x${'f'.repeat(64)}`, event: 'Transfer(address,address,uint256)' };
    expect(formToQuery(queryToForm(query))).toEqual(query);
  });
});

describe('the curl line’s address', () => {
  it('puts a placeholder where the key goes, never a key', () => {
    expect(rpcUrlTemplate({ kind: 'preset', rpcUrl: 'https://mainnet.infura.io/v3/' })).toBe('https://mainnet.infura.io/v3/<YOUR-API-KEY>');
    expect(rpcUrlTemplate({ kind: 'local', rpcUrl: 'http://127.0.0.1:18545/local/v3/' })).toBe('http://127.0.0.1:18545/local/v3/<YOUR-API-KEY>');
    expect(rpcUrlTemplate({ kind: 'custom', rpcUrl: 'https://node.example/rpc/{key}/x' })).toBe('https://node.example/rpc/<YOUR-API-KEY>/x');
    expect(rpcUrlTemplate({ kind: 'custom', rpcUrl: 'http://127.0.0.1:8545' })).toBe('http://127.0.0.1:8545');
  });

  it('says the Local sandbox is not running yet where it has no address, never an empty one', () => {
    // The networks service lists Local with rpcUrl '' until its sandbox listens.
    expect(rpcUrlTemplate({ kind: 'local', rpcUrl: '' })).toBe(LOCAL_ADDRESS_SLOT);
    expect(LOCAL_ADDRESS_SLOT).toMatch(/^<.+not running.+>$/);
  });
});
