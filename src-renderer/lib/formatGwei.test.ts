import { describe, expect, it } from 'vitest';
import { showGwei } from './formatGwei';

describe('gwei as shown', () => {
  it.each([
    ['12.760238385', '12.76'],
    ['12.345678', '12.35'],
    ['1234.5', '1,235'],
    ['123456.789', '123,457'],
    ['2', '2'],
    ['0', '0'],
    ['0.000000007', '0.000000007'],
    ['0.000012345', '0.00001235'],
    ['9.956213453', '9.956'],
    ['1.0000000001234', '1'],
  ])('shows %s gwei as %s: four significant digits, every whole one, never an exponent', (gwei, shown) => {
    expect(showGwei(gwei)).toBe(shown);
  });
});
