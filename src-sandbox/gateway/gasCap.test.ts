import { describe, expect, it } from 'vitest';
import { capCallGas, createGasCap, hasGasField } from './gasCap';

describe('capCallGas', () => {
  const call = { from: '0x0000000000000000000000000000000000000001', data: '0x' };

  it('lowers gas above the cap and keeps the other params', () => {
    const params = [{ ...call, gas: '0xffffffffff' }, 'latest', { override: true }];
    expect(capCallGas(params, 300_000_000n)).toEqual([{ ...call, gas: '0x11e1a300' }, 'latest', { override: true }]);
    expect(params[0]).toMatchObject({ gas: '0xffffffffff' }); // not mutated
  });

  it('leaves gas at or below the cap, and malformed gas, as they are', () => {
    for (const gas of ['0x11e1a300', '0x1', 'lots', null]) {
      const params = [{ ...call, gas }];
      expect(capCallGas(params, 300_000_000n)).toBe(params);
    }
  });

  it('caps a numeric gas too', () => {
    expect(capCallGas([{ ...call, gas: 1e12 }], 1000n)).toEqual([{ ...call, gas: '0x3e8' }]);
  });

  it('only looks at a call object with a gas field', () => {
    expect(hasGasField([{ gas: '0x1' }])).toBe(true);
    expect(hasGasField([{}])).toBe(false);
    expect(hasGasField({ gas: '0x1' })).toBe(false);
  });
});

describe('createGasCap', () => {
  it('fetches the block gas limit at most once per second, sharing concurrent refreshes', async () => {
    let t = 0;
    let fetches = 0;
    const cap = createGasCap(async () => {
      fetches++;
      return 30_000_000n;
    }, 10, 1000, () => t);
    const [a, b] = await Promise.all([cap.current(), cap.current()]);
    expect([a, b]).toEqual([300_000_000n, 300_000_000n]);
    expect(fetches).toBe(1);
    t = 999;
    await cap.current();
    expect(fetches).toBe(1);
    t = 1001;
    await cap.current();
    expect(fetches).toBe(2);
  });
});
