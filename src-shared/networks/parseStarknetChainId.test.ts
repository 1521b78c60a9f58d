import { describe, expect, it } from 'vitest';
import { STARKNET_CHAIN_ID_PATTERN } from './network';
import { parseStarknetChainId } from './parseStarknetChainId';

describe('parseStarknetChainId', () => {
  it.each([
    ['SN_MAIN', '0x534e5f4d41494e'],
    ['SN_SEPOLIA', '0x534e5f5345504f4c4941'],
    ['0x534e5f4d41494e', '0x534e5f4d41494e'],
    ['0x534E5F4D41494E', '0x534e5f4d41494e'],
    ['  SN_MAIN  ', '0x534e5f4d41494e'],
    ['0x0001', '0x1'],
    ['A', '0x41'],
    ['x'.repeat(31), `0x${'78'.repeat(31)}`],
  ])('reads %j as %s', (input, expected) => {
    expect(parseStarknetChainId(input)).toBe(expected);
    expect(expected).toMatch(STARKNET_CHAIN_ID_PATTERN);
  });

  it.each([
    ['', 'empty'],
    ['x'.repeat(32), 'a short string over 31 characters'],
    ['0x0', 'zero'],
    ['SN_MAÏN', 'non-ASCII'],
    [`0x${'f'.repeat(63)}`, 'at or above the field prime'],
    [`0x${'1'.repeat(65)}`, 'over 64 hex digits'],
    ['0x', 'a hex prefix without digits'],
    ['0xSN_MAIN', 'a hex prefix on a short string'],
  ])('refuses %j (%s)', (input) => {
    expect(parseStarknetChainId(input)).toBeUndefined();
  });
});
