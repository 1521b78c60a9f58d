import { describe, expect, it } from 'vitest';
import { looksLike, unknownTextWords } from './describeText';

describe('looksLike', () => {
  it.each([
    ['https://example.com/a', 'a web address'],
    ['me@example.com', 'an email address'],
    ['1,234,567', 'a number with thousands separators (a block number is digits only: 1234567)'],
    ['12.5', 'a number with a decimal point (a block number is a whole number)'],
    ['hello.txt', 'a file name'],
    ['reports/2024', 'a path'],
    ['quarterly report', 'words'],
    ['report', 'a word'],
    ['#42!', 'text'],
  ])('%s looks like %s', (text, words) => {
    expect(looksLike(text)).toBe(words);
  });
});

describe('unknownTextWords', () => {
  it('says what the text looks like and what it is not, naming the network', () => {
    expect(unknownTextWords(' hello.txt ', 'Local')).toBe('"hello.txt" looks like a file name, but nothing added or named on Local goes by it, and it is not a block number, hash, address or CID.');
  });
});
