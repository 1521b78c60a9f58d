import { afterEach, describe, expect, it } from 'vitest';
import { createGcPacer } from './gcPacer';

const scope = globalThis as { gc?: () => void };
const original = scope.gc;
afterEach(() => {
  if (original) scope.gc = original;
  else delete scope.gc;
});

describe('createGcPacer', () => {
  it('collects once per `everyBytes` that went through, counting across calls', () => {
    let collections = 0;
    scope.gc = () => (collections += 1);
    const pace = createGcPacer(100);
    pace(60);
    expect(collections).toBe(0);
    pace(60);
    expect(collections).toBe(1);
    pace(99);
    expect(collections).toBe(1);
    pace(1);
    expect(collections).toBe(2);
  });

  it('does nothing in a process without --expose-gc', () => {
    delete scope.gc;
    const pace = createGcPacer(1);
    expect(() => pace(1_000)).not.toThrow();
  });
});
