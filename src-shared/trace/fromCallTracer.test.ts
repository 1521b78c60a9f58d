import { describe, expect, it } from 'vitest';
import { CallTracerAnswerError, fromCallTracer } from './fromCallTracer';

const A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const B = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

// A router calling a pair that calls a token which reverts, as Anvil's callTracer answers it.
const nested = {
  type: 'CALL',
  from: A,
  to: B,
  value: '0x0',
  gas: '0x1c9c380',
  gasUsed: '0xb4ab',
  input: '0x022c0d9f',
  output: '0x08c379a0',
  error: 'execution reverted',
  calls: [
    {
      type: 'STATICCALL',
      from: B,
      to: A,
      gas: '0x1b8a1',
      gasUsed: '0x9f4',
      input: '0x70a08231',
      output: '0x00000000000000000000000000000000000000000000000000000000000003e8',
    },
    { type: 'DELEGATECALL', from: B, to: A, gas: '0x1a000', gasUsed: '0x10', input: '0x', calls: [{ type: 'CREATE2', from: A, to: B, value: '0x0', gas: '0x100', gasUsed: '0x0', input: '0x6080' }] },
  ],
};

describe('fromCallTracer', () => {
  it("reads a node's call tree: kinds, lowercase addresses, depths, what each frame returned and why it failed", () => {
    expect(fromCallTracer(nested)).toEqual({
      kind: 'call',
      from: A.toLowerCase(),
      to: B.toLowerCase(),
      value: '0x0',
      input: '0x022c0d9f',
      output: '0x08c379a0',
      gas: '0x1c9c380',
      gasUsed: '0xb4ab',
      error: 'execution reverted',
      depth: 0,
      children: [
        { kind: 'staticcall', from: B.toLowerCase(), to: A.toLowerCase(), value: '0x0', input: '0x70a08231', output: '0x00000000000000000000000000000000000000000000000000000000000003e8', gas: '0x1b8a1', gasUsed: '0x9f4', depth: 1, children: [] },
        {
          kind: 'delegatecall',
          from: B.toLowerCase(),
          to: A.toLowerCase(),
          value: '0x0',
          input: '0x',
          gas: '0x1a000',
          gasUsed: '0x10',
          depth: 1,
          children: [{ kind: 'create2', from: A.toLowerCase(), to: B.toLowerCase(), value: '0x0', input: '0x6080', gas: '0x100', gasUsed: '0x0', depth: 2, children: [] }],
        },
      ],
    });
  });

  it('keeps quantities minimal, whatever padding the node sent, and a failed creation without an address', () => {
    const frame = fromCallTracer({ type: 'create', from: A, value: '0x0000', gas: '0x00ff', gasUsed: '0x0', input: '0x60', output: '0x', error: 'out of gas', to: null });
    expect(frame).toEqual({ kind: 'create', from: A.toLowerCase(), value: '0x0', input: '0x60', gas: '0xff', gasUsed: '0x0', error: 'out of gas', depth: 0, children: [] });
  });

  it.each([
    ['not an object', 'nope', "the transaction's frame is not an object."],
    ['an unknown kind', { ...nested, type: 'JUMP' }, 'the transaction\'s frame has no kind the EVM knows (type "JUMP").'],
    ['a bad from', { ...nested, from: '0x12' }, "the transaction's from is not an address."],
    ['gas as a number', { ...nested, gas: 21000 }, "the transaction's gas is not a hex quantity."],
    ['odd-length input', { ...nested, input: '0x123' }, "the transaction's input is not hex bytes."],
    ['calls that are not a list', { ...nested, calls: {} }, "the transaction's calls are not a list."],
    ['a bad inner frame', { ...nested, calls: [{ ...nested.calls[0], to: 'router' }] }, "call 1 of the transaction's to is not an address."],
    ['an error that is not text', { ...nested, error: { message: 'x' } }, "the transaction's error is not text."],
  ])('refuses %s, naming the frame', (_label, answer, message) => {
    expect(() => fromCallTracer(answer)).toThrow(new CallTracerAnswerError(message));
  });

  it('refuses a tree deeper than the EVM allows instead of overflowing', () => {
    let deep: Record<string, unknown> = { type: 'CALL', from: A, to: B, gas: '0x1', gasUsed: '0x1', input: '0x' };
    for (let i = 0; i < 1100; i++) deep = { type: 'CALL', from: A, to: B, gas: '0x1', gasUsed: '0x1', input: '0x', calls: [deep] };
    expect(() => fromCallTracer(deep)).toThrow(CallTracerAnswerError);
  });
});
