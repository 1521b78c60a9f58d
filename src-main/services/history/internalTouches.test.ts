import { describe, expect, it } from 'vitest';
import { internalTouch, type TouchFrame } from './internalTouches';

const ME = '0x00000000000000000000000000000000000000aa';
const frame = (kind: string, to: string, value: string, children: TouchFrame[] = [], error?: string): TouchFrame => ({ kind, to, value, children, ...(error !== undefined ? { error } : {}) });

describe('internalTouch', () => {
  it.each<[string, TouchFrame, { touched: boolean; value: bigint }]>([
    ['an inner call with value', frame('call', '0x01', '0x0', [frame('call', ME, '0x10')]), { touched: true, value: 16n }],
    ['two inner calls, their values summed', frame('call', '0x01', '0x0', [frame('call', ME, '0x1'), frame('call', '0x02', '0x0', [frame('call', ME.toUpperCase().replace('0X', '0x'), '0x2')])]), { touched: true, value: 3n }],
    ['the transaction’s own frame (a call sent to it, not an internal one)', frame('call', ME, '0x5'), { touched: false, value: 0n }],
    ['a failed inner call, and what it called', frame('call', '0x01', '0x0', [frame('call', '0x02', '0x0', [frame('call', ME, '0x9')], 'execution reverted')]), { touched: false, value: 0n }],
    ['a failed transaction', frame('call', '0x01', '0x0', [frame('call', ME, '0x9')], 'out of gas'), { touched: false, value: 0n }],
    ['a static call (reads, changes nothing)', frame('call', '0x01', '0x0', [frame('staticcall', ME, '0x0')]), { touched: false, value: 0n }],
    ['a delegate call (the caller’s state, not the callee’s)', frame('call', '0x01', '0x0', [frame('delegatecall', ME, '0x0')]), { touched: false, value: 0n }],
    ['a creation of it inside a call', frame('call', '0x01', '0x0', [frame('create2', ME, '0x0')]), { touched: true, value: 0n }],
  ])('%s', (_, root, expected) => {
    expect(internalTouch(root, ME)).toEqual(expected);
  });
});
