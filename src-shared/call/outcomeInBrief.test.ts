import { describe, expect, it } from 'vitest';
import type { DecodedArg } from '../decoding/types';
import { outcomeInBrief, returnedInBrief } from './outcomeInBrief';
import type { CallOutcome } from './types';

const WORD_1000 = `0x${(1000).toString(16).padStart(64, '0')}`;
const ok = (outputs: Extract<CallOutcome, { ok: true }>['outputs'], returnData = WORD_1000): Extract<CallOutcome, { ok: true }> => ({ ok: true, returnData, outputs, elapsedMs: 1, blockNumber: null, warnings: [] });
const decoded = (...args: DecodedArg[]) => ok({ status: 'decoded', args });

describe('returnedInBrief', () => {
  it.each([
    ['one output: its value and type', decoded({ name: 'balance', type: 'uint256', value: '1000' }), '1000 (uint256)'],
    ['one output without a name', decoded({ name: 'output0', type: 'bool', value: true }), 'true (bool)'],
    ['a token amount: in its units, rounded for reading', decoded({ name: 'balance', type: 'uint256', value: '993600000123456789', units: { decimals: 18, symbol: 'GLS' } }), '0.9936 GLS (uint256)'],
    ['a token amount of a token without a symbol', decoded({ name: 'output0', type: 'uint256', value: '1234567', units: { decimals: 6, symbol: null } }), '1.234567 (uint256)'],
    [
      'several outputs: by name where they have one',
      decoded({ name: 'reserve0', type: 'uint112', value: '5' }, { name: 'output1', type: 'uint112', value: '7' }, { name: 'at', type: 'uint32', value: '9' }),
      'reserve0: 5 (uint112), 7 (uint112), at: 9 (uint32)',
    ],
    ['an array or a tuple as JSON', decoded({ name: 'path', type: 'address[]', value: ['0x01', '0x02'] }), '["0x01","0x02"] (address[])'],
    ['a function that returns nothing', ok({ status: 'decoded', args: [] }, '0x'), 'nothing'],
    ['no function picked: the raw word', ok(null), `${WORD_1000} (32 bytes, not decoded)`],
    ['no function picked, and no data', ok(null, '0x'), 'no data'],
    ['outputs that do not decode: the first bytes and the size', ok({ status: 'raw', reason: 'no' }, `0x${'ab'.repeat(40)}`), `0x${'ab'.repeat(4)}…${'ab'.repeat(3)} (40 bytes, not decoded)`],
  ])('%s', (_, outcome, expected) => {
    expect(returnedInBrief(outcome)).toBe(expected);
  });

  it('cuts a long value, and the whole line, with an ellipsis', () => {
    const long = 'x'.repeat(500);
    expect(returnedInBrief(decoded({ name: 'name', type: 'string', value: long }))).toBe(`${'x'.repeat(65)}… (string)`);
    const many = decoded(...Array.from({ length: 20 }, (_, index) => ({ name: `field${index}`, type: 'string', value: long })));
    const line = returnedInBrief(many);
    expect(line).toHaveLength(240);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('outcomeInBrief', () => {
  it('keeps the return data and what it decoded to', () => {
    expect(outcomeInBrief(decoded({ name: 'balance', type: 'uint256', value: '1000' }))).toEqual({ ok: true, returnData: WORD_1000, result: '1000 (uint256)' });
  });

  it("keeps a revert's decoded reason beside the error's message, and a failure without a revert with its message alone", () => {
    const failed = (revert: Extract<CallOutcome, { ok: false }>['revert']): CallOutcome => ({ ok: false, error: { code: 3, message: 'The call reverted; its revert data is attached.' }, revert, elapsedMs: 1, blockNumber: null, warnings: [] });
    const custom = failed({ status: 'decoded', selector: '0xcf479181', name: 'InsufficientBalance', signature: 'InsufficientBalance(uint256,uint256)', args: [], source: 'metadata', alternatives: [], message: 'InsufficientBalance(requested: 1000, available: 100)' });
    expect(outcomeInBrief(custom)).toEqual({ ok: false, message: 'The call reverted; its revert data is attached.', reason: 'InsufficientBalance(requested: 1000, available: 100)' });
    expect(outcomeInBrief(failed(null))).toEqual({ ok: false, message: 'The call reverted; its revert data is attached.' });
  });
});
