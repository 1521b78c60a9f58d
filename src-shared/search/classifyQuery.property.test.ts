import fc from 'fast-check';
import { CID } from 'multiformats/cid';
import * as Digest from 'multiformats/hashes/digest';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { classifyQuery, MAX_BLOCK_NUMBER } from './classifyQuery';

const runs = { numRuns: 500 };
const hexString = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length });
const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom(...'0xXQmb123456789abcdefABCDEF /-.:'), maxLength: 80 }),
);
const sha256Digest = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Digest.create(0x12, bytes));

describe('classifyQuery properties', () => {
  it('never throws, and every refusal has a sentence', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = classifyQuery(text);
        if (result.kind === 'invalid') expect(result.message.length).toBeGreaterThan(0);
      }),
      runs,
    );
  });

  it('ignores surrounding whitespace', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(' ', '\t', '\n', '  '), (text, space) => {
        expect(classifyQuery(space + text + space)).toEqual(classifyQuery(text));
      }),
      runs,
    );
  });

  it('reads a hash the same with whitespace put anywhere inside it', () => {
    fc.assert(
      fc.property(hexString(64), fc.array(fc.tuple(fc.nat(66), fc.constantFrom(' ', '\t', '\n', '\r\n', '  ')), { maxLength: 5 }), (body, cuts) => {
        let text = `0x${body}`;
        for (const [at, space] of cuts) text = text.slice(0, at) + space + text.slice(at);
        expect(classifyQuery(text)).toEqual({ kind: 'hash', hash: `0x${body.toLowerCase()}` });
      }),
      runs,
    );
  });

  it('reads every 0x + 64 hex digits as that hash, lowercased', () => {
    fc.assert(
      fc.property(hexString(64), (body) => {
        expect(classifyQuery(`0x${body}`)).toEqual({ kind: 'hash', hash: `0x${body.toLowerCase()}` });
      }),
      runs,
    );
  });

  it('reads every lowercase 0x + 40 hex digits as that address, and its checksummed form too', () => {
    fc.assert(
      fc.property(hexString(40), (body) => {
        const lower = `0x${body.toLowerCase()}` as const;
        const checksummed = getAddress(lower);
        expect(classifyQuery(lower)).toEqual({ kind: 'address', address: checksummed });
        expect(classifyQuery(checksummed)).toEqual({ kind: 'address', address: checksummed });
      }),
      runs,
    );
  });

  it('reads every uint64 as a block, in decimal and in 0x hex', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_BLOCK_NUMBER }), (number) => {
        expect(classifyQuery(number.toString())).toEqual({ kind: 'block', number });
        expect(classifyQuery(`0x${number.toString(16)}`)).toEqual({ kind: 'block', number });
      }),
      runs,
    );
  });

  it('refuses 0x hex of any length other than 1-16, 40 and 64 with the digit count', () => {
    const length = fc.integer({ min: 17, max: 130 }).filter((n) => n !== 40 && n !== 64);
    fc.assert(
      fc.property(length.chain((n) => hexString(n)), (body) => {
        expect(classifyQuery(`0x${body}`)).toEqual({
          kind: 'invalid',
          reason: 'hexLength',
          message: `0x… has ${body.length} hex digits; a hash has 64 and an address 40.`,
        });
      }),
      runs,
    );
  });

  it('reads every sha2-256 CIDv0 and CIDv1 (dag-pb and raw) as a CID', () => {
    fc.assert(
      fc.property(sha256Digest, fc.constantFrom(0x70, 0x55), (digest, codec) => {
        const v0 = CID.createV0(digest).toString();
        const v1 = CID.createV1(codec, digest).toString();
        expect(classifyQuery(v0)).toEqual({ kind: 'cid', cid: v0, version: 0 });
        expect(classifyQuery(v1)).toEqual({ kind: 'cid', cid: v1, version: 1 });
      }),
      runs,
    );
  });
});
