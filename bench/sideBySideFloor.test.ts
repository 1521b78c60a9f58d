import { describe, expect, it } from 'vitest';
import { floorRows, floorTable, medianOfReady, type SideBySideRuns } from './sideBySideFloor';

describe('medianOfReady', () => {
  it('takes the middle of the runs that got ready', () => {
    expect(medianOfReady([300, 100, 200])).toBe(200);
    expect(medianOfReady([400, 100, null, 300, 200])).toBe(300);
  });

  it('has no median when fewer than half the runs got ready, or none ran', () => {
    expect(medianOfReady([null, null, 100])).toBeNull();
    expect(medianOfReady([])).toBeNull();
    expect(medianOfReady(undefined)).toBeNull();
  });
});

const run: SideBySideRuns = {
  runs: 3,
  results: {
    'home, latest blocks': {
      'ots cold': [1500, 1600, 1700],
      'app cold': [900, 950, 1000],
      'blank cold': [150, 160, 170],
      'ots warm': [160, 170, 180],
      'app warm': [350, 360, 370],
      'blank warm': [140, 150, 160],
    },
    'address, balance': {
      'ots cold': [1900, 2000, 2100],
      'app cold': [null, null, 800],
      'blank cold': [150, 150, 150],
      'ots warm': [340, 350, 360],
      'app warm': [300, 320, 340],
      'blank warm': [140, 140, 140],
    },
  },
};

describe('floorRows', () => {
  it('puts each tool beside the blank page and gives both ratios', () => {
    const [homeCold, homeWarm] = floorRows(run);
    expect(homeCold).toEqual({ scenario: 'home, latest blocks', mode: 'cold', otterscan: 1600, blockglass: 950, blank: 160, ratio: 1.68, ceiling: 10, blockglassRuns: [900, 950, 1000] });
    expect(homeWarm).toMatchObject({ otterscan: 170, blockglass: 360, blank: 150, ratio: 0.47, ceiling: 1.13 });
  });

  it('leaves a ratio out when a side never got ready', () => {
    const addressCold = floorRows(run).find((row) => row.scenario === 'address, balance' && row.mode === 'cold');
    expect(addressCold).toMatchObject({ blockglass: null, ratio: null, ceiling: 13.33 });
  });
});

describe('floorTable', () => {
  it('names the rows where not even the blank page is 2x faster than Otterscan', () => {
    const table = floorTable(run);
    expect(table).toContain('| home, latest blocks | warm | 170 ms | 360 ms | 150 ms | 0.47x | 1.13x | 350 · 360 · 370 |');
    expect(table).toContain('| address, balance | cold | 2000 ms | never | 150 ms | - | 13.33x | never · never · 800 |');
    expect(table).toContain('Below 2x even for the blank page: home, latest blocks (warm, 1.13x).');
  });

  it('says so when every row leaves room for 2x', () => {
    const roomy: SideBySideRuns = { runs: 1, results: { page: { 'ots cold': [1000], 'app cold': [400], 'blank cold': [100], 'ots warm': [600], 'app warm': [200], 'blank warm': [100] } } };
    expect(floorTable(roomy)).toContain('Every row leaves room for 2x');
  });
});
