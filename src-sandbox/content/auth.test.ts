import { describe, expect, it } from 'vitest';
import { checkBasicAuth } from './auth';

const verify = (key: string, secret: string) => key === 'key' && secret === 's:e:cret';
const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('checkBasicAuth', () => {
  it('accepts the pair, splitting at the first colon (secrets may contain colons)', () => {
    expect(checkBasicAuth(basic('key:s:e:cret'), verify)).toBe('ok');
    expect(checkBasicAuth(`basic   ${Buffer.from('key:s:e:cret').toString('base64')}`, verify)).toBe('ok');
  });

  it.each([
    [undefined, 'missing'],
    ['', 'missing'],
    ['Bearer abc', 'invalid'],
    ['Basic', 'invalid'],
    ['Basic !!!', 'invalid'],
    [basic('key'), 'invalid'],
    [basic(':s:e:cret'), 'invalid'],
    [basic('key:wrong'), 'invalid'],
  ])('refuses %j as %s', (header, expected) => {
    expect(checkBasicAuth(header, verify)).toBe(expected);
  });
});
