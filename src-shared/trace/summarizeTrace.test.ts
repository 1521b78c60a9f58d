import { describe, expect, it } from 'vitest';
import type { CallFrame } from './callFrame';
import { frameAt, framesOf } from './framesOf';
import { revertOrigin, summarizeTrace } from './summarizeTrace';

const K = '0x08c379a0' as const; // Error("UniswapV2: K"), shortened
const OTHER = '0x4e487b71' as const;

/** A frame with what a case needs; the rest as a call that succeeded. */
function frame(depth: number, fields: Partial<CallFrame> = {}, children: CallFrame[] = []): CallFrame {
  return { kind: 'call', from: '0x0000000000000000000000000000000000000001', to: '0x0000000000000000000000000000000000000002', value: '0x0', input: '0x', gas: '0x1', gasUsed: '0x1', depth, children, ...fields };
}
const failed = (output?: `0x${string}`, error = 'execution reverted') => ({ error, ...(output ? { output } : {}) });

describe('revertOrigin', () => {
  it.each<[string, CallFrame, number[] | undefined]>([
    ['a transaction that succeeded', frame(0, {}, [frame(1)]), undefined],
    ['a transaction that reverted by itself', frame(0, failed(K), [frame(1)]), []],
    ['a revert passed up from three calls deep (router, pair, token)', frame(0, failed(K), [frame(1), frame(1, failed(K), [frame(2, {}, []), frame(2, failed(K), [frame(3, failed(K))])])]), [1, 1, 0]],
    ['a callee failure caught, then a revert of its own', frame(0, failed(OTHER), [frame(1, failed(K))]), []],
    ['several failing callees: the last one, which the frame gave up after', frame(0, failed(K), [frame(1, failed(K)), frame(1, failed(K))]), [1]],
    ['an out-of-gas passed up as a bare revert', frame(0, failed(), [frame(1, failed(undefined, 'out of gas'))]), [0]],
    ['a failing callee whose data the frame did not pass on', frame(0, failed(K), [frame(1, failed())]), []],
  ])('%s', (_label, root, expected) => {
    expect(revertOrigin(root)).toEqual(expected);
  });
});

describe('summarizeTrace', () => {
  it('counts the calls below the transaction, its depth and its failed frames, with the path to where the revert began', () => {
    const root = frame(0, failed(K), [frame(1), frame(1, failed(K), [frame(2), frame(2, failed(K), [frame(3, failed(K))])])]);
    expect(summarizeTrace(root)).toEqual({ calls: 5, depth: 3, failed: 4, revertOrigin: [1, 1, 0] });
  });

  it('says nothing of a revert for a transaction that succeeded, and 0 calls for one that called nothing', () => {
    expect(summarizeTrace(frame(0))).toEqual({ calls: 0, depth: 0, failed: 0 });
  });
});

describe('framesOf and frameAt', () => {
  const root = frame(0, {}, [frame(1, { input: '0x01' }, [frame(2, { input: '0x02' })]), frame(1, { input: '0x03' })]);

  it('lists every frame, parents before children, in call order', () => {
    expect(framesOf(root).map((each) => each.input)).toEqual(['0x', '0x01', '0x02', '0x03']);
  });

  it('follows a path of child indexes, and says nothing where it leaves the tree', () => {
    expect(frameAt(root, [0, 0])?.input).toBe('0x02');
    expect(frameAt(root, [])).toBe(root);
    expect(frameAt(root, [1, 0])).toBeUndefined();
  });
});
