import { describe, expect, it } from 'vitest';
import { isRequestError, parseMessage, validateRequest } from './validateRequest';

describe('parseMessage', () => {
  it('refuses text that is not JSON with -32700', () => {
    expect(parseMessage('{"jsonrpc":')).toMatchInlineSnapshot(`
      {
        "error": {
          "code": -32700,
          "message": "parse error",
        },
        "kind": "invalid",
      }
    `);
  });

  it('refuses JSON that is neither an object nor an array with -32600', () => {
    for (const text of ['1', '"x"', 'null', 'true']) {
      expect(parseMessage(text)).toMatchObject({ kind: 'invalid', error: { code: -32600 } });
    }
  });

  it('tells single requests from batches', () => {
    expect(parseMessage('{}').kind).toBe('single');
    expect(parseMessage('[]').kind).toBe('batch');
  });

  it('survives 10,000 levels of nesting', () => {
    expect(parseMessage('['.repeat(10_000) + ']'.repeat(10_000)).kind).toBe('batch');
  });
});

describe('validateRequest', () => {
  const ok = { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] };

  it('accepts a well-formed request and echoes its id', () => {
    expect(validateRequest(ok)).toEqual({ id: 7, notification: false, method: 'eth_blockNumber', params: [], extraMembers: false });
  });

  it('treats a request without id as a notification, and "id": null as a request', () => {
    const { id: _, ...withoutId } = ok;
    expect(validateRequest(withoutId)).toMatchObject({ notification: true, id: null });
    expect(validateRequest({ ...ok, id: null })).toMatchObject({ notification: false, id: null });
  });

  it('accepts string, integer and fractional ids, and missing params', () => {
    for (const id of ['abc', 0, -1, 1.5, 2 ** 60]) expect(isRequestError(validateRequest({ ...ok, id }))).toBe(false);
    const { params: _, ...withoutParams } = ok;
    expect(validateRequest(withoutParams)).toMatchObject({ params: undefined });
  });

  it('flags members beyond the four JSON-RPC ones', () => {
    expect(validateRequest({ ...ok, extra: 1 })).toMatchObject({ extraMembers: true });
  });

  it.each([
    ['not an object', 5, null],
    ['id of the wrong type', { ...ok, id: { a: 1 } }, null],
    ['id that is an array', { ...ok, id: [1] }, null],
    ['id that is a boolean', { ...ok, id: true }, null],
    ['missing jsonrpc', { id: 7, method: 'eth_blockNumber' }, 7],
    ['jsonrpc not a string', { ...ok, jsonrpc: 2 }, 7],
    ['missing method', { jsonrpc: '2.0', id: 7 }, 7],
    ['empty method', { ...ok, method: '' }, 7],
    ['method not a string', { ...ok, method: 42 }, 7],
    ['params a string', { ...ok, params: 'x' }, 7],
    ['params null', { ...ok, params: null }, 7],
  ])('refuses %s with -32600', (_name, value, expectedId) => {
    const result = validateRequest(value);
    expect(result).toMatchObject({ id: expectedId, error: { code: -32600, message: 'invalid request' } });
  });

  it('answers a jsonrpc version other than "2.0" with -32006', () => {
    expect(validateRequest({ ...ok, jsonrpc: '1.0' })).toMatchInlineSnapshot(`
      {
        "error": {
          "code": -32006,
          "message": "JSON-RPC version not supported",
        },
        "id": 7,
      }
    `);
  });

  it('refuses params nested deeper than the node can read, without recursing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(validateRequest({ ...ok, params: deep })).toMatchInlineSnapshot(`
      {
        "error": {
          "code": -32600,
          "data": ""params" is nested deeper than 64 levels",
          "message": "invalid request",
        },
        "id": 7,
      }
    `);
    let shallow: unknown = [];
    for (let i = 0; i < 60; i++) shallow = [shallow];
    expect(isRequestError(validateRequest({ ...ok, params: shallow }))).toBe(false);
  });
});
