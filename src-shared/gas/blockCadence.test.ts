import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_LEVELS } from './feeSuggestion';
import { PRIORITY_LEVEL_SETTINGS } from './priorityLevelSettings';
import { blockCadence, CADENCE_BLOCKS, waitForLevel, type CadenceBlock } from './blockCadence';

const every = (seconds: number, count: number, transactions = 3): CadenceBlock[] =>
  Array.from({ length: count }, (_, at) => ({ timestamp: 1_700_000_000 + at * seconds, transactionCount: transactions }));

describe('blockCadence', () => {
  it('reads a block every 2 s, 12 s and 250 s from the median gap', () => {
    expect(blockCadence(every(2, 8))).toEqual({ kind: 'interval', seconds: 2 });
    expect(blockCadence(every(12, 8, 0))).toEqual({ kind: 'interval', seconds: 12 });
    expect(blockCadence(every(250, 5))).toEqual({ kind: 'interval', seconds: 250 });
  });

  it('is not moved by one long pause (a node restarted, a quiet hour)', () => {
    const blocks = every(2, 8);
    blocks[7] = { ...blocks[7]!, timestamp: blocks[6]!.timestamp + 3600 };
    expect(blockCadence(blocks)).toEqual({ kind: 'interval', seconds: 2 });
  });

  it('says on demand when the node says it automines, or when every block holds exactly one transaction', () => {
    expect(blockCadence(every(12, 8), true)).toEqual({ kind: 'onDemand' });
    expect(blockCadence([], true)).toEqual({ kind: 'onDemand' });
    // Hardhat and Ganache by default: a block per transaction, at whatever moments they came.
    expect(blockCadence([0, 1, 1, 40, 41, 300].map((timestamp) => ({ timestamp, transactionCount: 1 })))).toEqual({ kind: 'onDemand' });
    // A node that said it does not automine is believed, whatever its blocks hold.
    expect(blockCadence(every(2, 8, 1), false)).toEqual({ kind: 'interval', seconds: 2 });
  });

  it('cannot tell from fewer than four blocks, and never answers a gap under 1 s', () => {
    expect(blockCadence(every(2, CADENCE_BLOCKS - 1))).toEqual({ kind: 'unknown' });
    expect(blockCadence(every(0, 6))).toEqual({ kind: 'interval', seconds: 1 });
  });
});

describe('waitForLevel', () => {
  it('is the published table on 12 s blocks and when the cadence is unknown', () => {
    for (const level of FEE_LEVELS) {
      expect(waitForLevel(level, { kind: 'interval', seconds: 12 })).toEqual(PRIORITY_LEVEL_SETTINGS[level].waitTime);
      expect(waitForLevel(level, { kind: 'unknown' })).toEqual(PRIORITY_LEVEL_SETTINGS[level].waitTime);
    }
  });

  it('scales with the block time: 2 s blocks wait a sixth as long (low: 2.5–5 s)', () => {
    expect(waitForLevel('low', { kind: 'interval', seconds: 2 })).toEqual({ minWaitTimeEstimate: 2500, maxWaitTimeEstimate: 5000 });
  });

  it('is none on a network that mines on demand', () => {
    for (const level of FEE_LEVELS) expect(waitForLevel(level, { kind: 'onDemand' })).toEqual({ minWaitTimeEstimate: 0, maxWaitTimeEstimate: 0 });
  });

  it('keeps min ≤ max, grows with the block time, and keeps the levels in order (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3600 }), fc.integer({ min: 1, max: 3600 }), (a, b) => {
        const [short, long] = a <= b ? [a, b] : [b, a];
        for (const level of FEE_LEVELS) {
          const wait = waitForLevel(level, { kind: 'interval', seconds: short });
          expect(wait.minWaitTimeEstimate).toBeLessThanOrEqual(wait.maxWaitTimeEstimate);
          expect(waitForLevel(level, { kind: 'interval', seconds: long }).maxWaitTimeEstimate).toBeGreaterThanOrEqual(wait.maxWaitTimeEstimate);
        }
        const max = (level: 'low' | 'medium' | 'high') => waitForLevel(level, { kind: 'interval', seconds: short }).maxWaitTimeEstimate;
        expect(max('low')).toBeLessThanOrEqual(max('medium'));
        expect(max('medium')).toBeLessThanOrEqual(max('high'));
      }),
    );
  });
});
