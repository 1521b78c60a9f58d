import { describe, expect, it } from 'vitest';
import type { LogRow } from '../../../../src-shared/logs/types';
import { createRunPageInterner } from './internRunPages';

// A page as a run delivers it: rows parsed from their own JSON text, so equal values are separate copies.
const page = (value: string): { rows: LogRow[] } => ({
  rows: [
    JSON.parse(
      JSON.stringify({
        blockNumber: '0x1',
        blockHash: `0x${'ab'.repeat(32)}`,
        transactionHash: `0x${'cd'.repeat(32)}`,
        transactionIndex: '0x0',
        logIndex: '0x0',
        address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        topics: [`0x${'ef'.repeat(32)}`],
        data: '0x',
        removed: false,
        decoded: { status: 'decoded', selector: `0x${'ef'.repeat(32)}`, name: 'Tick', signature: 'Tick(uint256)', args: [{ name: 'i', type: 'uint256', value, indexed: false }], source: 'metadata', alternatives: [] },
      } satisfies LogRow),
    ) as LogRow,
  ],
});
const argOf = (shown: LogRow[]) => (shown[0]!.decoded.status === 'decoded' ? shown[0]!.decoded.args[0] : undefined);

describe('createRunPageInterner', () => {
  it('shares values between the pages of one run', () => {
    const forRun = createRunPageInterner();
    const first = forRun('run-1')(page('7'));
    const second = forRun('run-1')(page('7'));
    expect(argOf(second)).toBe(argOf(first));
  });

  it('starts a new pool for a new run', () => {
    const forRun = createRunPageInterner();
    const first = forRun('run-1')(page('7'));
    const next = forRun('run-2')(page('7'));
    expect(argOf(next)).not.toBe(argOf(first));
    expect(argOf(next)).toEqual(argOf(first));
  });

  it('walks a page once, even when a later run is shown it again', () => {
    const forRun = createRunPageInterner();
    const old = page('7');
    forRun('run-1')(old);
    const fresh = forRun('run-2')(page('7'));
    const again = forRun('run-2')(old);
    // Had the old page been interned into the new pool, its argument would now be the fresh page's.
    expect(argOf(again)).not.toBe(argOf(fresh));
    expect(again).toBe(old.rows);
  });
});
