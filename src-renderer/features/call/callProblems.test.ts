import { parseAbiItem, type AbiFunction } from 'viem';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, type CallDraft } from './callDraft';
import { callProblems, type CallProblems } from './callProblems';
import { callRequestOf } from './callRequestOf';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
// One capital moved: the same bytes as FROM, a checksum that fails.
const BAD_CHECKSUM_FROM = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BALANCE_OF = parseAbiItem('function balanceOf(address owner) view returns (uint256)') as AbiFunction;
const ready: CallDraft = { ...EMPTY_DRAFT, from: FROM, to: TO };

const NOT_AN_ADDRESS = 'An address is 0x followed by 40 hex digits.';
const CHECKSUM = 'Bad address checksum: a character may be mistyped. Check the address, or paste it in all lowercase to skip the check.';

describe('callProblems', () => {
  it.each<[string, Partial<CallDraft>, AbiFunction | undefined, CallProblems]>([
    ['a from and a to, no function: nothing to say (the data is 0x)', {}, undefined, {}],
    ['no to: creation code, nothing to say', { to: '' }, undefined, {}],
    ['an all-lowercase and an all-uppercase address: unchecked forms', { from: FROM.toLowerCase(), to: `0x${TO.slice(2).toUpperCase()}` }, undefined, {}],
    ['no from', { from: '' }, undefined, { from: 'The spec requires from: the address the call is made as.' }],
    ['a from that is not an address', { from: '0x1234' }, undefined, { from: NOT_AN_ADDRESS }],
    ['a from whose checksum fails', { from: BAD_CHECKSUM_FROM }, undefined, { from: CHECKSUM }],
    ['a to that is not an address', { to: 'vitalik.eth' }, undefined, { to: NOT_AN_ADDRESS }],
    ['a to whose checksum fails', { to: BAD_CHECKSUM_FROM }, undefined, { to: CHECKSUM }],
    ['a function whose argument is not filled in', { fnKey: 'balanceOf(address)', args: [''] }, BALANCE_OF, { data: 'Fill in the function’s arguments (marked below), or type the calldata.' }],
    ['a function with its argument', { fnKey: 'balanceOf(address)', args: [FROM] }, BALANCE_OF, {}],
    ['calldata typed over a function with no arguments yet', { fnKey: 'balanceOf(address)', args: [''], dataText: '0x70a08231' }, BALANCE_OF, {}],
    ['calldata with half a byte', { dataText: '0x123' }, undefined, { data: 'Calldata is 0x followed by whole bytes of hex (an even number of digits).' }],
    ['calldata that is not hex', { dataText: 'hello' }, undefined, { data: 'Calldata is 0x followed by whole bytes of hex (an even number of digits).' }],
    ['quantities in decimal and hex', { value: '1000', gas: '0x5208', maxFeePerGas: '30000000000', maxPriorityFeePerGas: '1' }, undefined, {}],
    ['a value that is not a whole number', { value: '1.5' }, undefined, { value: 'Value is a whole number, in decimal or 0x hex.' }],
    ['a gas past 2^256 - 1', { gas: `0x1${'0'.repeat(64)}` }, undefined, { gas: 'Gas is too large (at most 2^256 - 1).' }],
    ['a gas price with a max fee', { gasPrice: '1', maxFeePerGas: '2' }, undefined, { gasPrice: 'Give a gas price or the EIP-1559 fees, not both.' }],
    ['a gas price with a priority fee', { gasPrice: '1', maxPriorityFeePerGas: '2' }, undefined, { gasPrice: 'Give a gas price or the EIP-1559 fees, not both.' }],
    ['a gas price with a max fee that does not read: only the fee is wrong', { gasPrice: '1', maxFeePerGas: 'x' }, undefined, { maxFeePerGas: 'Max fee per gas is a whole number, in decimal or 0x hex.' }],
    ['overrides that are an object of addresses', { overridesText: `{ "${TO}": { "balance": "0x1" } }` }, undefined, {}],
    ['overrides that are a list', { overridesText: '[]' }, undefined, { overrides: 'State overrides are JSON, { "0xaddress": { "balance": "0x…", "code": "0x…", "stateDiff": { "0xslot": "0xvalue" } } }: it is not an object of addresses.' }],
    ['several fields wrong at once, each said at its own', { from: '', value: '-1', overridesText: 'null' }, undefined, {
      from: 'The spec requires from: the address the call is made as.',
      value: 'Value is a whole number, in decimal or 0x hex.',
      overrides: 'State overrides are JSON, { "0xaddress": { "balance": "0x…", "code": "0x…", "stateDiff": { "0xslot": "0xvalue" } } }: it is not an object of addresses.',
    }],
  ])('%s', (_, change, fn, problems) => {
    expect(callProblems({ ...ready, ...change }, fn)).toEqual(problems);
  });

  it('says why overrides that are not JSON do not read, in the parser’s words', () => {
    expect(callProblems({ ...ready, overridesText: '{ balance' }).overrides).toMatch(/^State overrides are JSON, .*: .+\.$/);
  });
});

describe('callRequestOf', () => {
  it('asks what the fields say: quantities in hex, the function encoded, its overrides and the block', () => {
    const draft: CallDraft = { ...ready, block: ' 12 ', value: '1000', gas: '', fnKey: 'balanceOf(address)', args: [FROM], overridesText: `{ "${TO}": { "balance": "0x1" } }` };
    expect(callRequestOf(draft, BALANCE_OF)).toEqual({
      call: { from: FROM, to: TO, data: `0x70a08231000000000000000000000000${FROM.slice(2).toLowerCase()}`, value: '0x3e8' },
      block: '12',
      overrides: { [TO]: { balance: '0x1' } },
      fn: BALANCE_OF,
    });
  });

  it('leaves out what does not read, and the function once the calldata is typed', () => {
    const draft: CallDraft = { ...ready, to: BAD_CHECKSUM_FROM, block: '', gas: 'many', fnKey: 'balanceOf(address)', dataText: '0x70a08231', overridesText: '[' };
    expect(callRequestOf(draft, BALANCE_OF)).toEqual({ call: { from: FROM, data: '0x70a08231' }, block: 'latest' });
  });
});
