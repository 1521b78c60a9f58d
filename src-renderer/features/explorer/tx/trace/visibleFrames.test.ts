import { describe, expect, it } from 'vitest';
import type { TraceFrameView } from '../../../../../src-shared/trace/traceView';
import { internalTransfersOf } from './internalTransfers';
import { initiallyExpanded, keyOf, visibleFrames } from './visibleFrames';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const frame = (depth: number, children: TraceFrameView[] = [], fields: Partial<TraceFrameView> = {}): TraceFrameView => ({ kind: 'call', from: A, to: B, value: '0x0', input: '0x', gas: '0x0', gasUsed: '0x0', depth, children, ...fields });

// r ─┬─ r.0 ─── r.0.0 ─── r.0.0.0
//    └─ r.1
const TREE = frame(0, [frame(1, [frame(2, [frame(3)])]), frame(1)]);

describe('visibleFrames', () => {
  it.each([
    ['nothing expanded: the transaction alone', [], ['r']],
    ['the transaction expanded: its calls', ['r'], ['r', 'r.0', 'r.1']],
    ['a frame under a collapsed parent stays hidden', ['r.0'], ['r']],
    ['all expanded: every frame, parents first, in call order', ['r', 'r.0', 'r.0.0'], ['r', 'r.0', 'r.0.0', 'r.0.0.0', 'r.1']],
  ])('%s', (_, expanded, keys) => {
    expect(visibleFrames(TREE, new Set(expanded)).map((row) => row.key)).toEqual(keys);
  });
});

describe('initiallyExpanded', () => {
  it('opens a small tree whole', () => {
    expect([...initiallyExpanded(TREE, 5, undefined)].sort()).toEqual(['r', 'r.0', 'r.0.0']);
  });

  it('opens a big tree two levels deep, and the path to the origin whatever its depth', () => {
    expect([...initiallyExpanded(TREE, 10_000, undefined)].sort()).toEqual(['r', 'r.0']);
    expect([...initiallyExpanded(TREE, 10_000, [0, 0, 0])].sort()).toEqual(['r', 'r.0', 'r.0.0']);
    expect(keyOf([0, 0, 0])).toBe('r.0.0.0');
  });
});

describe('internalTransfersOf', () => {
  it('lists the frames below the transaction that moved ETH, by calls, creations and self-destructs; not the transaction, not a delegate call', () => {
    const tree = frame(0, [frame(1, [], { value: '0x10' }), frame(1, [], { kind: 'delegatecall', value: '0x10' }), frame(1, [frame(2, [], { kind: 'selfdestruct', value: '0x5', error: 'reverted' })], { kind: 'create2', value: '0x0' })], { value: '0x20' });
    expect(internalTransfersOf(tree).map(({ kind, value, failed }) => ({ kind, value, failed }))).toEqual([
      { kind: 'call', value: '0x10', failed: false },
      { kind: 'selfdestruct', value: '0x5', failed: true },
    ]);
  });
});
