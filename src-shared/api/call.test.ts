import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callRequestSchema, starknetCallRequestSchema } from './call';

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const to = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const problems = (input: unknown) => {
  const parsed = callRequestSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the call playground request', () => {
  it('accepts the spec call object with every field, a block number, tag or hash, overrides and a function', () => {
    expect(
      problems({
        call: { from, to, gas: '0x5208', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1', value: '0x0', data: '0x70a08231' },
        block: '0x1b4',
        overrides: { [to]: { balance: '0xde0b6b3a7640000', code: '0x6000', stateDiff: { [`0x${'0'.repeat(64)}`]: `0x${'1'.padStart(64, '0')}` } } },
        fn: { type: 'function', name: 'balanceOf', inputs: [{ name: 'a', type: 'address' }], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' },
      }),
    ).toEqual([]);
    for (const block of ['latest', 'pending', 'safe', 'finalized', 'earliest', '12', `0x${'ab'.repeat(32)}`]) expect(problems({ call: { from }, block })).toEqual([]);
  });

  it.each([
    ['no from', { call: { to }, block: 'latest' }, /^call\.from: /],
    ['an address without 0x', { call: { from: from.slice(2) }, block: 'latest' }, /call\.from: An address is 0x followed by 40 hex digits/],
    ['a decimal gas', { call: { from, gas: '21000' }, block: 'latest' }, /call\.gas: gas is a quantity/],
    ['a quantity with leading zeros', { call: { from, value: '0x01' }, block: 'latest' }, /call\.value: value is a quantity/],
    ['data with an odd number of digits', { call: { from, data: '0x123' }, block: 'latest' }, /call\.data: data is 0x followed by whole bytes/],
    ['gasPrice with EIP-1559 fees', { call: { from, gasPrice: '0x1', maxFeePerGas: '0x2' }, block: 'latest' }, /call\.gasPrice: Give gasPrice or the EIP-1559 fees/],
    ['a priority fee above the max fee', { call: { from, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }, block: 'latest' }, /maxPriorityFeePerGas cannot be above maxFeePerGas/],
    ['a field the spec has not', { call: { from, input: '0x' }, block: 'latest' }, /call: Unrecognized key/],
    ['a bad block', { call: { from }, block: 'yesterday' }, /^block: /],
    ['state and stateDiff together', { call: { from }, block: 'latest', overrides: { [to]: { state: {}, stateDiff: {} } } }, /not both/],
    ['a short storage slot', { call: { from }, block: 'latest', overrides: { [to]: { stateDiff: { '0x1': `0x${'0'.repeat(64)}` } } } }, /64 hex digits/],
    ['a function with a made-up type', { call: { from }, block: 'latest', fn: { type: 'function', name: 'f', inputs: [{ type: 'uint256 x' }], outputs: [], stateMutability: 'view' } }, /Solidity type/],
  ])('refuses %s with a specific message', (_what, input, message) => {
    expect(problems(input).join('\n')).toMatch(message);
  });

  it('refuses fees that are not quantities with their own messages, without throwing (found by the contract fuzz)', () => {
    expect(problems({ call: { from, maxFeePerGas: 'İı', maxPriorityFeePerGas: '%5z1NBlEP' }, block: 'latest' })).toEqual([
      'call.maxPriorityFeePerGas: maxPriorityFeePerGas is a quantity: 0x and hex digits without leading zeros (0x0, 0x5208).',
      'call.maxFeePerGas: maxFeePerGas is a quantity: 0x and hex digits without leading zeros (0x0, 0x5208).',
    ]);
  });

  it('never throws on any input (property)', () => {
    const quantityLike = fc.oneof(fc.string(), fc.constantFrom('0x1', '0x0', '1e308', '0x', '-0x1'));
    fc.assert(fc.property(fc.record({ from: fc.constant(from), maxFeePerGas: quantityLike, maxPriorityFeePerGas: quantityLike, gasPrice: quantityLike }, { requiredKeys: ['from'] }), (call) => void problems({ call, block: 'latest' })));
  });

  it('accepts any quantity written as the spec writes it, and refuses it with a leading zero or a sign', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (value) => {
        expect(problems({ call: { from, value: `0x${value.toString(16)}` }, block: 'latest' })).toEqual([]);
        expect(problems({ call: { from, value: `0x0${value.toString(16)}` }, block: 'latest' })).not.toEqual([]);
        expect(problems({ call: { from, value: `-0x${value.toString(16)}` }, block: 'latest' })).not.toEqual([]);
      }),
    );
  });
});

describe("Starknet's call request", () => {
  const starknetProblems = (input: unknown) => {
    const parsed = starknetCallRequestSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const balanceOf = '0x2e4263afad30923c891518314c3c95dbe830a16874e8abc5777a9a20b54c76e';
  const good = { contractAddress: '0x49d3', selector: balanceOf, functionName: 'balanceOf', calldata: ['0x1234'], block: 'latest', args: [{ kind: 'address', text: '0x1234' }] };

  it('accepts a call by name or by raw selector, at any block the spec names', () => {
    expect(starknetProblems(good)).toEqual([]);
    expect(starknetProblems({ contractAddress: '0x1', selector: '0x0', calldata: [], block: '812345' })).toEqual([]);
    for (const block of ['pending', 'pre_confirmed', 'l1_accepted', '0xabc']) expect(starknetProblems({ ...good, block })).toEqual([]);
  });

  it.each([
    ['a felt with leading zeros', { ...good, calldata: ['0x01'] }, /calldata\.0: A calldata felt is a felt/],
    ['a felt past the prime', { ...good, calldata: [`0x8${'1'.repeat(62)}`] }, /calldata\.0: A calldata felt is not below Starknet's field prime/],
    ['an address past 2^251', { ...good, contractAddress: `0x${(2n ** 251n).toString(16)}` }, /contractAddress: A contract address is below 2\^251/],
    ['a selector that is not the name', { ...good, selector: '0x1' }, /selector: The selector is not balanceOf's \(0x2e42/],
    ['a bad name', { ...good, functionName: 'balance of' }, /functionName: A function name is letters/],
    ['an unknown tag', { ...good, block: 'safe' }, /block: The block is latest, pre_confirmed \(pending\)/],
    ['an unknown argument kind', { ...good, args: [{ kind: 'i128', text: '1' }] }, /args\.0\.kind/],
    ['an extra field', { ...good, entry_point_selector: balanceOf }, /Unrecognized key/],
  ])('refuses %s, saying which field', (_what, input, message) => {
    expect(starknetProblems(input).join('\n')).toMatch(message);
  });

  it('never throws on any input (property)', () => {
    fc.assert(fc.property(fc.anything(), (input) => void starknetCallRequestSchema.safeParse(input)));
    fc.assert(fc.property(fc.record({ contractAddress: fc.string(), selector: fc.string(), calldata: fc.array(fc.string()), block: fc.string() }), (input) => void starknetCallRequestSchema.safeParse(input)));
  });
});
