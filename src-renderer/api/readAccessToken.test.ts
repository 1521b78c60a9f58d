import { describe, expect, it } from 'vitest';
import { readAccessToken } from './readAccessToken';

const TOKEN = 'Ab_-'.repeat(10) + 'xyz';

describe('readAccessToken', () => {
  it.each([
    [`#token=${TOKEN}`, { token: TOKEN, present: true }],
    [`token=${TOKEN}`, { token: TOKEN, present: true }],
    [`#other=1&token=${TOKEN}`, { token: TOKEN, present: true }],
    ['', { token: undefined, present: false }],
    ['#/settings', { token: undefined, present: false }],
    ['#token=', { token: undefined, present: true }],
    ['#token=short', { token: undefined, present: true }],
    [`#token=${TOKEN.slice(0, 42)}%0d%0aX`, { token: undefined, present: true }],
    [`#token=${TOKEN.slice(0, 42)},`, { token: undefined, present: true }],
  ])('%s', (hash, expected) => {
    expect(readAccessToken(hash)).toEqual(expected);
  });
});
