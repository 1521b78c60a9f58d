import { describe, expect, it } from 'vitest';
import { exactEth, exactTokenAmount, formatEth, formatNumber, formatTokenAmount, percentOf, readableDecimal, shortHex } from './formatChain';

describe('chain formatting', () => {
  it('shows wei in ETH, gwei and wei, tiny amounts whole rather than as 0', () => {
    expect(formatEth('0xde0b6b3a7640000')).toBe('1 ETH');
    expect(formatEth(1_500_000_000_000_000_000n)).toBe('1.5 ETH');
    expect(formatEth('0x0')).toBe('0 ETH');
    expect(formatEth(123_456_789_123n, 'ETH')).toBe('0.000000123457 ETH');
    // A fee is rounded, never cut: 0.000131595 ETH keeps its six significant digits; 0.0001315956 rounds up.
    expect(formatEth(131_595_000_000_000n)).toBe('0.000131595 ETH');
    expect(formatEth(131_595_600_000_000n)).toBe('0.000131596 ETH');
    expect(formatEth(1_999_999_999_999_999_999n)).toBe('2 ETH');
    expect(formatEth(1_234_567_890_500_000_000n, 'gwei')).toBe('1,234,567,890.5 gwei');
    expect(formatEth(30_200_000_000n, 'gwei')).toBe('30.2 gwei');
    expect(formatEth(1_234_567n, 'wei')).toBe('1,234,567 wei');
    expect(formatEth(1_234_567_890_000_000_000_000n)).toBe('1,234.56789 ETH');
    expect(formatEth(1_000_000_000_000_000_001n)).toBe('1 ETH');
    expect(exactEth(1_000_000_000_000_000_001n)).toBe('1.000000000000000001');
    expect(formatEth(1_000_000_000_000_000_001n, 'wei')).toBe('1,000,000,000,000,000,001 wei');
    expect(formatEth('not hex')).toBe('not hex');
  });

  it('shows token amounts with decimals and symbol, raw units when decimals are unknown', () => {
    expect(formatTokenAmount('1250500000', 6, 'SUSD')).toBe('1,250.5 SUSD');
    expect(formatTokenAmount('42', null, null)).toBe('42 (raw units)');
    expect(formatTokenAmount('x', 6, 'A')).toBe('x');
    expect(formatTokenAmount('6400000000000000000000', 18, 'GLS')).toBe('6,400 GLS');
    expect(formatTokenAmount('1999999', 6, 'SUSD')).toBe('1.999999 SUSD');
    expect(formatTokenAmount('19999999', 7, 'X')).toBe('2 X');
    expect(exactTokenAmount('6400000000000000000001', 18)).toBe('6400.000000000000000001');
    expect(exactTokenAmount('42', null)).toBe('42');
  });

  it('groups numbers, cuts hex, computes a share', () => {
    expect(formatNumber('0x12d687')).toBe('1,234,567');
    expect(formatNumber(null)).toBe('—');
    expect(shortHex('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe('0x5FbDB231…180aa3');
    expect(percentOf('0x5', '0xa')).toBe(50);
    expect(percentOf('0x1', '0x0')).toBe(0);
    expect(percentOf('376', '100000')).toBe(0.4);
    expect(percentOf('374', '100000')).toBe(0.4);
    expect(percentOf('349', '100000')).toBe(0.3);
  });

  it('rounds for reading, never cuts: six fraction digits, or six significant below 1', () => {
    expect(readableDecimal('0.1315956')).toBe('0.131596');
    expect(readableDecimal('9.9999996')).toBe('10');
    expect(readableDecimal('-1.25', 1)).toBe('-1.3');
    expect(readableDecimal('123456789012345678901234.5')).toBe('123,456,789,012,345,678,901,234.5');
    expect(readableDecimal('6.32455532', 3)).toBe('6.325');
  });
});
