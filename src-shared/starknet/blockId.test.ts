import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_PRIME } from './felt';
import { formatStarknetBlockId, parseStarknetBlockId } from './blockId';

describe('parseStarknetBlockId', () => {
  it.each([
    ['latest', 'latest'],
    [' LATEST ', 'latest'],
    ['pre_confirmed', 'pre_confirmed'],
    ['pending', 'pre_confirmed'],
    ['l1_accepted', 'l1_accepted'],
    ['0', { block_number: 0 }],
    ['812345', { block_number: 812345 }],
    ['0x05c627d4', { block_hash: '0x5c627d4' }],
    ['0xABC', { block_hash: '0xabc' }],
  ])('reads %j', (text, blockId) => {
    expect(parseStarknetBlockId(text)).toEqual({ ok: true, blockId });
  });

  it.each(['', 'earliest', 'safe', '-1', '1.5', '12345678901234567', '0x', `0x${FIELD_PRIME.toString(16)}`, '0xg1'])('refuses %j in words', (text) => {
    expect(parseStarknetBlockId(text)).toMatchObject({ ok: false, message: expect.stringContaining('latest, pre_confirmed (pending), l1_accepted') });
  });

  it('reads any safe block number and formats it back', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (number) => {
        const parsed = parseStarknetBlockId(String(number));
        expect(parsed).toEqual({ ok: true, blockId: { block_number: number } });
        if (parsed.ok) expect(formatStarknetBlockId(parsed.blockId)).toBe(`block ${number}`);
      }),
    );
  });
});
