import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorResponse } from './clientErrorResponse';
import { listenSandboxServer, type SandboxServer } from './server';
import { parseAnswer, sendRaw } from './testing/rawHttp';

describe('clientErrorResponse', () => {
  it.each([
    [{ code: 'HPE_HEADER_OVERFLOW', reason: 'Header overflow' }, 431, '431 Request Header Fields Too Large\n'],
    [{ code: 'ERR_HTTP_REQUEST_TIMEOUT' }, 408, '408 Request Timeout\n'],
    [{ code: 'HPE_INVALID_HEADER_TOKEN', reason: 'Invalid header value char' }, 400, '400 Bad Request: invalid header value char\n'],
    [{ code: 'HPE_INVALID_METHOD', reason: 'Invalid method encountered' }, 400, '400 Bad Request: invalid method encountered\n'],
    [{}, 400, '400 Bad Request: malformed HTTP request\n'],
  ])('answers %j with %i and a line saying why', (error, status, body) => {
    const answer = parseAnswer(Buffer.from(clientErrorResponse(error), 'latin1'));
    expect(answer).toMatchObject({ kind: 'answer', status, headers: { 'content-type': 'text/plain; charset=utf-8', connection: 'close', 'content-length': String(body.length) } });
    expect(answer.kind === 'answer' && answer.body.toString()).toBe(body);
  });
});

// Found by the sandbox's hostile-input fuzz: these used to get a bare 400 with no body, oversized headers included.
describe('the sandbox server, sent requests its parser refuses', () => {
  let server: SandboxServer;
  beforeAll(async () => {
    server = await listenSandboxServer([], '127.0.0.1', 0);
  });
  afterAll(() => server.close());

  it.each([
    ['headers over 16 KiB', { method: 'GET', path: '/', headers: [['x-big', 'a'.repeat(20_000)]] as [string, string][] }, 431, '431 Request Header Fields Too Large\n'],
    ['a control byte in a header', { method: 'GET', path: '/', headers: [['authorization', 'Basic \u0001']] as [string, string][] }, 400, '400 Bad Request: invalid header value char\n'],
    ['a method with a control byte', { method: 'G\u0001T', path: '/', headers: [] }, 400, '400 Bad Request: invalid method encountered\n'],
    ['a non-ASCII byte in the path', { method: 'GET', path: '/caf\u00e9', headers: [] }, 400, '400 Bad Request: invalid char in url path\n'],
    ['both content-length and chunked', { method: 'POST', path: '/', headers: [['content-length', '5'], ['transfer-encoding', 'chunked']] as [string, string][], body: '0\r\n\r\n' }, 400, "400 Bad Request: transfer-encoding can't be present with content-length\n"],
  ])('answers %s with its status and the reason', async (_what, request, status, body) => {
    const answer = await sendRaw(server.port, request);
    expect(answer).toMatchObject({ kind: 'answer', status });
    expect(answer.kind === 'answer' && answer.body.toString()).toBe(body);
  });

  it('answers CONNECT with 405 and why (Node closes the connection without a word)', async () => {
    const answer = await sendRaw(server.port, { method: 'CONNECT', path: '127.0.0.1:443', headers: [] });
    expect(answer).toMatchObject({ kind: 'answer', status: 405 });
    expect(answer.kind === 'answer' && answer.body.toString()).toBe('405 Method Not Allowed: CONNECT is not served here\n');
  });

  it('answers an Expect it cannot meet with 417 and why (Node\'s own 417 has no body)', async () => {
    const answer = await sendRaw(server.port, { method: 'GET', path: '/', headers: [['expect', 'the-moon']] });
    expect(answer).toMatchObject({ kind: 'answer', status: 417 });
    expect(answer.kind === 'answer' && answer.body.toString()).toBe('417 Expectation Failed: the only expectation served is 100-continue\n');
  });
});
