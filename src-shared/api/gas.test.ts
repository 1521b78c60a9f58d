import { describe, expect, it } from 'vitest';
import { gasMethods } from './gas';

describe("the gas area's inputs", () => {
  const addAlert = gasMethods['gas.addAlert'].input;
  const update = gasMethods['gas.updateSettings'].input;

  it('canonicalises a good threshold and refuses bad ones with the same words the form shows', () => {
    expect(addAlert.parse({ networkId: 'local', metric: 'medium', direction: 'below', threshold: ' 2.50 ' })).toEqual({ networkId: 'local', metric: 'medium', direction: 'below', threshold: '2.5' });
    const refused = addAlert.safeParse({ networkId: 'local', metric: 'medium', direction: 'below', threshold: '-1' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('A threshold cannot be negative: fees are never below 0 gwei.');
    expect(addAlert.safeParse({ networkId: 'local', metric: 'fastest', direction: 'below', threshold: '1' }).error?.issues[0]?.message).toBe(
      'Choose what to watch: the low, medium or high max fee, or the base fee.',
    );
  });

  it('bounds the poll interval and the retention, each with its reason', () => {
    expect(update.parse({ pollSeconds: 30, retentionDays: 7 })).toEqual({ pollSeconds: 30, retentionDays: 7 });
    expect(update.safeParse({ pollSeconds: 1 }).error?.issues[0]?.message).toBe('Poll at most every 2 seconds.');
    expect(update.safeParse({ pollSeconds: 2.5 }).error?.issues[0]?.message).toBe('The poll interval is a whole number of seconds.');
    expect(update.safeParse({ retentionDays: 0 }).error?.issues[0]?.message).toBe('Keep samples at least 1 day.');
    expect(update.safeParse({ retentionDays: 1000 }).error?.issues[0]?.message).toBe('Keep samples at most 366 days.');
    expect(update.safeParse({ compare: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }).error?.issues[0]?.message).toBe('Compare at most six networks side by side.');
  });
});
