import { describe, expect, it } from 'vitest';
import { formatEth, formatNumber, formatTokenAmount, percentOf, shortHex } from './formatChain';

describe('chain formatting', () => {
  it('shows wei in ETH, gwei and wei, tiny amounts whole rather than as 0', () => {
    expect(formatEth('0xde0b6b3a7640000')).toBe('1 ETH');
    expect(formatEth(1_500_000_000_000_000_000n)).toBe('1.5 ETH');
    expect(formatEth('0x0')).toBe('0 ETH');
    expect(formatEth(123_456_789_123n, 'ETH')).toBe('0.000000123456789123 ETH');
    expect(formatEth(30_200_000_000n, 'gwei')).toBe('30.2 gwei');
    expect(formatEth(1_234_567n, 'wei')).toBe('1,234,567 wei');
    expect(formatEth(1_234_567_890_000_000_000_000n)).toBe('1,234.56789 ETH');
    expect(formatEth(1_000_000_000_000_000_001n)).toBe('1 ETH');
    expect(formatEth(1_000_000_000_000_000_001n, 'wei')).toBe('1,000,000,000,000,000,001 wei');
    expect(formatEth('not hex')).toBe('not hex');
  });

  it('shows token amounts with decimals and symbol, raw units when decimals are unknown', () => {
    expect(formatTokenAmount('1250500000', 6, 'SUSD')).toBe('1,250.5 SUSD');
    expect(formatTokenAmount('42', null, null)).toBe('42 (raw units)');
    expect(formatTokenAmount('x', 6, 'A')).toBe('x');
  });

  it('groups numbers, cuts hex, computes a share', () => {
    expect(formatNumber('0x12d687')).toBe('1,234,567');
    expect(formatNumber(null)).toBe('—');
    expect(shortHex('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe('0x5FbDB231…180aa3');
    expect(percentOf('0x5', '0xa')).toBe(50);
    expect(percentOf('0x1', '0x0')).toBe(0);
  });
});
