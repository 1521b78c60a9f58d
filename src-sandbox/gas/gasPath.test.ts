import { describe, expect, it } from 'vitest';
import { chainIdProblem, matchGasPath } from './gasPath';

describe('matchGasPath', () => {
  it.each([
    ['/networks/31337/suggestedGasFees', { chainId: '31337' }],
    ['/networks/31337/suggestedGasFees/', { chainId: '31337' }],
    ['/networks/31337/suggestedGasFees?x=1&y=/v3/', { chainId: '31337' }],
    ['/networks//suggestedGasFees', { chainId: '' }],
    ['/v3/abc/networks/31337/suggestedGasFees', { pathKey: 'abc', chainId: '31337' }],
    ['/v3//networks/31337/suggestedGasFees', { pathKey: '', chainId: '31337' }],
    ['/v3/a%2Fb/networks/3%31337/suggestedGasFees', { pathKey: 'a/b', chainId: '31337' }], // segments are percent-decoded
    ['/v3/%E0%A4%A/networks/1/suggestedGasFees', { pathKey: '%E0%A4%A', chainId: '1' }],
  ])('claims %s', (url, expected) => {
    expect(matchGasPath(url)).toEqual(expected);
  });

  it.each([
    '/',
    '/networks/31337',
    '/networks/31337/baseFeeHistory',
    '/networks/a/b/suggestedGasFees',
    '/NETWORKS/31337/suggestedGasFees',
    '/networks/31337/suggestedgasfees',
    '//networks/31337/suggestedGasFees',
    '/v3/k/networks/31337/suggestedGasFees/x',
    '/local/v3/k',
    '/v3/k',
    '/api/v0/cat',
  ])('leaves %s to other routes', (url) => {
    expect(matchGasPath(url)).toBeUndefined();
  });
});

describe('chainIdProblem', () => {
  it.each(['31337', '0031337'])('accepts %s for 31337', (segment) => {
    expect(chainIdProblem(segment, 31337)).toBeUndefined();
  });

  it.each([
    ['1', 'unsupported chain id 1; this sandbox serves 31337'],
    ['99999999999999999999', 'unsupported chain id 99999999999999999999; this sandbox serves 31337'],
    ['-1', 'the chain id must be a decimal integer; got "-1"'],
    ['1e3', 'the chain id must be a decimal integer; got "1e3"'],
    [' 31337', 'the chain id must be a decimal integer; got " 31337"'],
    ['999999999999999999999', 'the chain id must be a decimal integer; got "999999999999999999999"'],
    ['"<script>', 'the chain id must be a decimal integer; got "\\"<script>"'],
    ['x'.repeat(100), `the chain id must be a decimal integer; got "${'x'.repeat(40)}…"`],
  ])('refuses %j: %s', (segment, problem) => {
    expect(chainIdProblem(segment, 31337)).toBe(problem);
  });
});
