import { describe, expect, it } from 'vitest';
import { CommandQuery } from './commandQuery';
import { ArgumentError } from './errors';

const query = (text: string) => new CommandQuery(new URLSearchParams(text));

describe('CommandQuery', () => {
  it('reads repeated args in order and requires them where Kubo does', () => {
    expect(query('arg=a&x=1&arg=b').args()).toEqual(['a', 'b']);
    expect(() => query('').requiredArgs('ipfs-path')).toThrow(new ArgumentError('argument "ipfs-path" is required'));
    expect(() => query('arg=a&arg=b').singleArg('cid')).toThrow('expected 1 argument(s), got 2');
  });

  it("parses booleans with Go's spellings; a bare flag is true", () => {
    for (const value of ['1', 't', 'T', 'TRUE', 'true', 'True', '']) expect(query(`pin=${value}`).bool(['pin'], false)).toBe(true);
    for (const value of ['0', 'f', 'F', 'FALSE', 'false', 'False']) expect(query(`pin=${value}`).bool(['pin'], true)).toBe(false);
    expect(query('').bool(['pin'], true)).toBe(true);
    expect(() => query('pin=yes').bool(['pin'], true)).toThrow('could not convert value "yes" to type "bool" (for option "-pin")');
  });

  it('accepts short aliases, and the first value of a repeated option', () => {
    expect(query('w=true').bool(['wrap-with-directory', 'w'], false)).toBe(true);
    expect(query('offset=3&offset=9').int(['offset'], 0)).toBe(3);
  });

  it('parses integers strictly', () => {
    expect(query('offset=-12').int(['offset'], 0)).toBe(-12);
    expect(query('offset=%2B7').int(['offset'], 0)).toBe(7);
    for (const bad of ['1.5', '0x10', ' 1', '1e3', '99999999999999999']) expect(() => query(`offset=${encodeURIComponent(bad)}`).int(['offset'], 0)).toThrow(ArgumentError);
  });

  it('accepts only the json encoding for JSON answers', () => {
    expect(() => query('encoding=json').requireJsonEncoding()).not.toThrow();
    expect(() => query('encoding=text').requireJsonEncoding()).toThrow('invalid encoding: text');
  });
});
