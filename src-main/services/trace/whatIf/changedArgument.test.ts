import fc from 'fast-check';
import { decodeFunctionData, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { changedArgument } from './changedArgument';

const abi = parseAbi(['function redeem(address pool, address to, uint256 amount)', 'function split(address[] payees)', 'function f((uint256,bool) pair, bytes32 tag)']);
const pool = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const to = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const redeem = encodeFunctionData({ abi, functionName: 'redeem', args: [pool, to, 1000n] });
const split = encodeFunctionData({ abi, functionName: 'split', args: [[pool, to]] });
const pair = encodeFunctionData({ abi, functionName: 'f', args: [[1n, true], `0x${'00'.repeat(32)}`] });
const names = ['pool', 'to', 'amount'];

describe('changedArgument', () => {
  it('re-encodes the call with one argument replaced, read against its type in decimal or hex', () => {
    for (const text of ['10', '0xa', ' 10 ']) {
      const changed = changedArgument('redeem(address,address,uint256)', redeem, 2, text, names);
      expect(changed).toEqual({ ok: true, data: encodeFunctionData({ abi, functionName: 'redeem', args: [pool, to, 10n] }), before: '1000', after: '10' });
    }
  });

  it('takes an array or a tuple as JSON of texts', () => {
    const payees = changedArgument('split(address[])', split, 0, JSON.stringify([to]));
    expect(payees.ok && (decodeFunctionData({ abi, data: payees.data }).args[0] as string[]).map((a) => a.toLowerCase())).toEqual([to]);
    const tuple = changedArgument('f((uint256,bool),bytes32)', pair, 0, '["7", "false"]');
    expect(tuple.ok && decodeFunctionData({ abi, data: tuple.data }).args).toEqual([[7n, false], `0x${'00'.repeat(32)}`]);
  });

  it.each([
    ['an index past the last', 'redeem(address,address,uint256)', redeem, 3, '1', 'redeem takes 3 arguments: there is no argument 4.'],
    ['a negative uint', 'redeem(address,address,uint256)', redeem, 2, '-1', /^Argument 3 \(uint256 amount\): A uint256 is from 0 to /],
    ['words for a uint', 'redeem(address,address,uint256)', redeem, 2, 'ten', 'Argument 3 (uint256 amount): A uint256 is a whole number, in decimal or 0x hex.'],
    ['a short address', 'redeem(address,address,uint256)', redeem, 1, '0x1234', 'Argument 2 (address to): An address is 0x followed by 40 hex digits.'],
    ['an empty field', 'redeem(address,address,uint256)', redeem, 2, '  ', 'Argument 3 (uint256 amount): Enter a uint256.'],
    ['an array not in JSON', 'split(address[])', split, 0, to, 'Argument 1 (address[]) is an array: give it as JSON of texts, e.g. ["1","2"].'],
    ['a bad item of an array', 'split(address[])', split, 0, '["0x12"]', 'Argument 1 (address[]), part 1: An address is 0x followed by 40 hex digits.'],
    ['input of another function', 'split(address[])', redeem, 0, '[]', "The transaction's input does not decode as split(address[]), so its arguments cannot be changed one by one."],
    ['a signature that is none', 'not a signature', redeem, 0, '1', 'The function not a signature cannot be read as an ABI signature.'],
  ])('refuses %s in words', (_what, signature, data, index, text, message) => {
    const changed = changedArgument(signature, data as Hex, index, text, signature.startsWith('redeem') ? names : []);
    expect(changed.ok).toBe(false);
    if (!changed.ok) expect(changed.message).toMatch(message);
  });

  it('never throws, whatever text and index it is given', () => {
    fc.assert(
      fc.property(fc.constantFrom(['redeem(address,address,uint256)', redeem], ['split(address[])', split], ['f((uint256,bool),bytes32)', pair]), fc.nat(4), fc.oneof(fc.string(), fc.json()), ([signature, data], index, text) => {
        const changed = changedArgument(signature as string, data as Hex, index, text);
        // What it accepts decodes as the same function.
        if (changed.ok) expect(changed.data.slice(0, 10)).toBe((data as string).slice(0, 10));
      }),
      { numRuns: 1_000 },
    );
  });
});
