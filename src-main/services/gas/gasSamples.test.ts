import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FeeSuggestion } from '../../../src-shared/gas/feeSuggestion';
import { openStore } from '../store/openStore';
import { createGasSamples } from './gasSamples';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blockglass-gas-samples-'));
const store = openStore(dataDir);
const samples = createGasSamples(store);
afterAll(() => {
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const level = (fee: string) => ({ suggestedMaxPriorityFeePerGas: '0.5', suggestedMaxFeePerGas: fee, minWaitTimeEstimate: 12_000, maxWaitTimeEstimate: 30_000 });
const suggestion: FeeSuggestion = {
  low: level('1'),
  medium: level('2'),
  high: level('3'),
  estimatedBaseFee: '1.5',
  networkCongestion: 0.5,
  latestPriorityFeeRange: ['0.1', '1'],
  historicalPriorityFeeRange: ['0.1', '1'],
  historicalBaseFeeRange: ['1', '2'],
  priorityFeeTrend: 'level',
  baseFeeTrend: 'level',
};
const NOW = Date.UTC(2026, 10, 26, 22, 4, 0);

describe('stored gas history', () => {
  it('spans exactly the range asked for, ending now, whatever few samples it holds', () => {
    samples.addBackfilled('chain-a', [{ block: 10, ts: NOW - 60_000, baseFeeWei: 1_500_000_000n, suggestion }]);
    for (const [range, seconds] of [
      ['hour', 3600],
      ['day', 86_400],
      ['week', 604_800],
    ] as const) {
      const history = samples.history('net', 'chain-a', range, 720, NOW);
      expect(history.samples, range).toBe(1);
      expect(history.to, range).toBe(NOW / 1000);
      expect(history.to - history.from, range).toBe(seconds);
      expect(history.time, range).toEqual([(NOW - 60_000) / 1000]);
    }
  });

  it('ends at the newest sample when the chain’s clock runs ahead of this machine’s', () => {
    const ahead = NOW + 86_400_000;
    samples.addBackfilled('chain-b', [{ block: 5, ts: ahead, baseFeeWei: 1_000_000_000n, suggestion }]);
    const history = samples.history('net', 'chain-b', 'hour', 720, NOW);
    expect(history.to).toBe(ahead / 1000);
    expect(history.from).toBe(ahead / 1000 - 3600);
  });

  it('spans the range with no samples at all', () => {
    const history = samples.history('net', 'chain-empty', 'day', 720, NOW);
    expect(history).toMatchObject({ samples: 0, time: [], from: NOW / 1000 - 86_400, to: NOW / 1000 });
    // A clock between two seconds: the window still spans exactly the range, in whole seconds.
    const between = samples.history('net', 'chain-empty', 'hour', 720, NOW + 250);
    expect(between).toMatchObject({ from: NOW / 1000 + 1 - 3600, to: NOW / 1000 + 1 });
  });
});
