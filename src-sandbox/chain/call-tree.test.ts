import { describe, expect, it } from 'vitest';
import { framesOf, revertOrigin, type CallTracerFrame } from './call-tree';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const ERROR = '0xe450d38c01';

function frame(fields: Partial<CallTracerFrame> = {}, calls: CallTracerFrame[] = []): CallTracerFrame {
  return { type: 'CALL', from: A, to: B, input: '0x', ...fields, ...(calls.length ? { calls } : {}) };
}

describe('revertOrigin', () => {
  it('follows the failing callees whose revert data each caller passed on, past a successful sibling', () => {
    const origin = frame({ error: 'execution reverted', output: ERROR, input: '0xa9059cbb' });
    const root = frame({ error: 'execution reverted', output: ERROR }, [
      frame({ error: 'execution reverted', output: ERROR }, [frame({ type: 'STATICCALL', output: '0x01' }), frame({ error: 'execution reverted', output: ERROR }, [origin])]),
    ]);
    expect(revertOrigin(root)).toEqual({ frame: origin, depth: 3 });
  });

  it('stops at a frame that reverted with data of its own after a callee failed', () => {
    const root = frame({ error: 'execution reverted', output: '0x01' }, [frame({ error: 'execution reverted', output: ERROR })]);
    expect(revertOrigin(root)).toEqual({ frame: root, depth: 0 });
  });

  it('is undefined for a frame that did not fail', () => {
    expect(revertOrigin(frame({ output: '0x' }, [frame({ error: 'execution reverted', output: ERROR })]))).toBeUndefined();
  });
});

describe('framesOf', () => {
  it('lists every frame, parents first, with its depth', () => {
    const leaf = frame({ type: 'CREATE2' });
    const child = frame({ type: 'DELEGATECALL' }, [leaf]);
    const root = frame({}, [child]);
    expect(framesOf(root)).toEqual([
      { frame: root, depth: 0 },
      { frame: child, depth: 1 },
      { frame: leaf, depth: 2 },
    ]);
  });
});
