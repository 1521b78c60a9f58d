import { encodeErrorResult, type Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeErrorString, normalizeRevertError } from './revertError';

const abi = [
  { type: 'error', name: 'Error', inputs: [{ name: 'reason', type: 'string' }] },
  { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
  { type: 'error', name: 'Custom', inputs: [{ name: 'code', type: 'uint256' }] },
] as const satisfies Abi;

const reasonPayload = encodeErrorResult({ abi, errorName: 'Error', args: ['fixture says no'] });
const panicPayload = encodeErrorResult({ abi, errorName: 'Panic', args: [0x12n] });
const customPayload = encodeErrorResult({ abi, errorName: 'Custom', args: [42n] });

describe('normalizeRevertError', () => {
  it('keeps the decoded reason of an Error(string) payload', () => {
    expect(normalizeRevertError({ code: 3, message: 'whatever the node said', data: reasonPayload })).toEqual({
      code: 3,
      message: 'execution reverted: fixture says no',
      data: reasonPayload,
    });
  });

  it.each([
    ['a panic', panicPayload, 'execution reverted: panic: division or modulo by zero (0x12)'],
    ['a custom error', customPayload, 'execution reverted: custom error 0xcb362b34: \u0000*'],
    ['an empty payload', '0x', 'execution reverted'],
  ])('says only "execution reverted" for %s, with the raw payload', (_name, data, anvilMessage) => {
    expect(normalizeRevertError({ code: 3, message: anvilMessage, data })).toEqual({ code: 3, message: 'execution reverted', data });
  });

  it('leaves other errors alone', () => {
    const error = { code: -32000, message: 'nonce too low' };
    expect(normalizeRevertError(error)).toBe(error);
  });

  it('does not trust a truncated Error(string) payload', () => {
    expect(decodeErrorString(reasonPayload.slice(0, 80) as `0x${string}`)).toBeUndefined();
    expect(normalizeRevertError({ code: 3, message: 'x', data: 'not hex' })).toEqual({ code: 3, message: 'execution reverted', data: 'not hex' });
  });
});
