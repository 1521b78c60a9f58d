import { describe, expect, it } from 'vitest';
import { createGrowthCollector } from './collectWhenGrown';

describe('createGrowthCollector', () => {
  it('collects once the heap has grown by the given bytes since the last collection, and measures from after it', () => {
    let used = 10;
    let collections = 0;
    const check = createGrowthCollector(50, { gc: () => ((collections += 1), (used = 20)), heapBytes: () => used });
    used = 59;
    check();
    expect(collections).toBe(0);
    used = 60;
    check();
    expect(collections).toBe(1); // down to 20 now: the next collection waits for 70
    used = 69;
    check();
    expect(collections).toBe(1);
    used = 70;
    check();
    expect(collections).toBe(2);
  });

  it('does nothing where the process allows no collection', () => {
    let reads = 0;
    const check = createGrowthCollector(1, { gc: undefined, heapBytes: () => ++reads });
    check();
    check();
    expect(reads).toBe(0);
  });
});
