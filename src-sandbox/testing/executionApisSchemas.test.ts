import { describe, expect, it } from 'vitest';
import { loadResultValidators } from './executionApisSchemas';

// The schema checks can fail: a value the spec refuses is refused, so a passing shape test means a checked shape.
describe('the execution-apis result schemas', () => {
  const validators = loadResultValidators();
  it('accept a spec-shaped log and refuse one with a broken field', () => {
    const log = {
      removed: false,
      logIndex: '0x0',
      transactionIndex: '0x0',
      transactionHash: `0x${'11'.repeat(32)}`,
      blockHash: `0x${'22'.repeat(32)}`,
      blockNumber: '0x1',
      address: `0x${'33'.repeat(20)}`,
      data: '0x',
      topics: [],
    };
    expect(validators('Log')(log)).toBe(true);
    expect(validators('Log')({ ...log, blockNumber: 'one' })).toBe(false);
    expect(validators('uint')('0x01')).toBe(false);
  });
});
