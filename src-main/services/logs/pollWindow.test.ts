import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPollWindow, REORG_WINDOW } from './pollWindow';
import type { RawNodeLog } from '../chains/rawNodeLog';

const log = (block: number, index: number, fork = 'a'): RawNodeLog => ({
  address: '0x5fc8d32690cc91d4c39d9d3abcbd16989f875707',
  topics: ['0x' + 'ab'.repeat(32)],
  data: '0x',
  blockNumber: `0x${block.toString(16)}`,
  blockHash: `0x${fork.repeat(2)}${block.toString(16).padStart(62, '0')}`,
  transactionHash: `0x${'cd'.repeat(31)}${index.toString(16).padStart(2, '0')}`,
  transactionIndex: '0x0',
  logIndex: `0x${index.toString(16)}`,
  removed: false,
});

describe('the polling tail window', () => {
  it('reads the new blocks and the latest ones again; new logs once, a replaced block’s logs back as removed', () => {
    const window = createPollWindow(101n);
    const first = window.range(103n);
    expect(first).toEqual({ from: 101n, to: 103n }); // never before the start
    expect(window.update(first, [log(101, 0), log(103, 1)])).toEqual([log(101, 0), log(103, 1)]);

    const second = window.range(104n);
    expect(second).toEqual({ from: 101n, to: 104n });
    // The same logs again are not new; block 103 was replaced (fork b) and its log moved.
    const changed = window.update(second, [log(101, 0), log(103, 4, 'b'), log(104, 0)]);
    expect(changed).toEqual([{ ...log(103, 1), removed: true }, log(103, 4, 'b'), log(104, 0)]);

    const far = window.range(200n);
    expect(far).toEqual({ from: 105n, to: 200n }); // a gap longer than the window is read whole
    expect(window.update(far, [])).toEqual([]);
    expect(window.range(201n)).toEqual({ from: 201n - REORG_WINDOW + 1n, to: 201n });
  });

  it('whatever the node answers over time, each log is reported new at most once while it lasts, and removed only after it was new (property)', () => {
    const blocks = fc.array(fc.record({ advance: fc.integer({ min: 0, max: 3 }), logs: fc.array(fc.record({ back: fc.integer({ min: 0, max: 15 }), index: fc.integer({ min: 0, max: 3 }), fork: fc.constantFrom('a', 'b') }), { maxLength: 6 }) }), { maxLength: 25 });
    fc.assert(
      fc.property(blocks, (steps) => {
        const window = createPollWindow(1000n);
        let head = 1000n;
        const live = new Set<string>();
        for (const step of steps) {
          head += BigInt(step.advance);
          const range = window.range(head);
          if (range.from > range.to) continue;
          const answer = new Map<string, RawNodeLog>();
          for (const item of step.logs) {
            const block = Number(head) - item.back;
            if (block < Number(range.from)) continue;
            const made = log(block, item.index, item.fork);
            answer.set(`${made.blockHash}:${made.logIndex}`, made);
          }
          for (const out of window.update(range, [...answer.values()])) {
            const key = `${out.blockHash}:${out.logIndex}`;
            if (out.removed) {
              expect(live.has(key)).toBe(true);
              live.delete(key);
            } else {
              expect(live.has(key)).toBe(false);
              live.add(key);
            }
          }
          // What the window still follows is forgotten below it: keep the model in step.
          for (const key of [...live]) if (BigInt(`0x${key.slice(4, 66)}`) <= range.to - REORG_WINDOW) live.delete(key);
        }
      }),
    );
  });
});
