import { describe, expect, it } from 'vitest';
import { callTracerError } from './callTracerError';

describe('callTracerError', () => {
  it.each([
    ['revert', 'execution reverted'],
    ['out of gas', 'out of gas'],
    ['code store out of gas', 'out of gas'],
    ['invalid opcode', 'invalid opcode'],
    ['invalid JUMP', 'invalid jump destination'],
    ['stack underflow', 'StackUnderflow'],
    ['static state change', 'StateChangeDuringStaticCall'],
    ['invalid input length', 'precompiled failed'],
  ])('words the library reason %j as Anvil does: %j', (reason, words) => {
    expect(callTracerError(reason)).toBe(words);
  });

  it('keeps a reason it has no words for, so the difference shows', () => {
    expect(callTracerError('something new')).toBe('something new');
  });
});
