import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeClientMessage } from './decodeClientMessage';
import { utf8Length } from './utf8Length';

describe('decodeClientMessage', () => {
  it('reads calls, subscriptions and cancellations from JSON text', () => {
    expect(decodeClientMessage('{"t":"call","id":1,"method":"app.info","input":{}}')).toEqual({ ok: true, message: { t: 'call', id: 1, method: 'app.info', input: {} } });
    expect(decodeClientMessage({ t: 'unsubscribe', id: 4 })).toEqual({ ok: true, message: { t: 'unsubscribe', id: 4 } });
  });

  it('copies objects through JSON, as the other pipe would deliver them', () => {
    const decoded = decodeClientMessage({ t: 'call', id: 1, method: 'm', input: { when: new Date(0), gone: undefined } });
    expect(decoded).toEqual({ ok: true, message: { t: 'call', id: 1, method: 'm', input: { when: '1970-01-01T00:00:00.000Z' } } });
  });

  it.each([
    ['a fractional id', { t: 'call', id: 1.5, method: 'm' }, 'not a client message: unusable id (an id is a whole number from 0 to 2^53 − 1)'],
    ['a call without a method', { t: 'call', id: 1, input: {} }, 'a call needs a method name (a string)'],
    ['a bigint input', { t: 'call', id: 1, method: 'm', input: 1n }, 'not JSON-safe'],
    ['cut-off JSON', '{"t":', 'not valid JSON'],
    ['undefined', undefined, 'not a JSON value'],
  ])('refuses %s', (_case, raw, reason) => {
    expect(decodeClientMessage(raw)).toMatchObject({ ok: false, reason });
  });

  it('refuses text over the size limit without parsing it, counting UTF-8 bytes', () => {
    expect(decodeClientMessage(`{"t":"call","id":1,"method":"m","input":"${'é'.repeat(60)}"}`, 100)).toEqual({ ok: false, reason: 'larger than 100 bytes', close: 1009 });
  });

  it('gives every refusal either an id to answer on or a close code (property)', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.jsonValue(), fc.anything()), (raw) => {
      const decoded = decodeClientMessage(raw);
      if (decoded.ok) return;
      if (decoded.id !== undefined) expect(Number.isSafeInteger(decoded.id) && decoded.id >= 0).toBe(true);
      else expect([1007, 1009, 4400]).toContain(decoded.close);
    }));
  });

  it('counts UTF-8 bytes as an encoder does (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (binary, graphemes) => {
      for (const text of [binary, graphemes]) expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
    }));
  });
});
