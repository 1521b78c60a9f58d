import fc from 'fast-check';
import WebSocket from 'ws';
import { describe, expect, inject, it } from 'vitest';
import { fuzzHttp, hostileHeaderName, hostileHeaderValue, hostileMethod, hostileQuery, hostileSegment, latin1Bytes, plainTextError } from '../testing/hostileHttp';
import type { RawAnswer } from '../testing/rawHttp';
import { hostileText } from '../../test-support/hostileInput';

// Issue 14, hostile input: the JSON-RPC gateway's paths and headers, over HTTP and the WebSocket upgrade, on the
// running sandbox's port (gateway.fuzz.test.ts covers bodies and messages). Methods, keys and paths, query
// strings, hostile headers byte for byte, and broken WebSocket handshakes (keys, versions, protocols, origins):
// every answer is a JSON-RPC answer, the gateway's plain-text refusal, the WebSocket library's or the server's;
// never a 500 or silence; only the right key on the right path gets through; the gateway serves afterwards.

const { info } = inject('sandbox');
const port = Number(new URL(info.rpcUrl).port);
const STATUSES = [101, 200, 204, 400, 401, 404, 405, 413, 417, 426, 431];
const BODY = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}';

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ segment: info.key, valid: true }) },
  { weight: 1, arbitrary: fc.constantFrom({ segment: '', valid: false }, { segment: `${info.key}/extra`, valid: false }, { segment: `${info.key}%2F`, valid: false }, { segment: info.key.toUpperCase(), valid: false }, { segment: `${info.key}/..`, valid: false }) },
  { weight: 2, arbitrary: hostileSegment.map((segment) => ({ segment, valid: false })) },
);

const request = fc.record({
  // 'usual' is GET for a WebSocket and POST for HTTP, so that most requests get as far as the gateway's own checks.
  method: fc.oneof({ weight: 3, arbitrary: fc.constant('usual') }, { weight: 2, arbitrary: hostileMethod }),
  transport: fc.constantFrom('http', 'ws'),
  key,
  shape: fc.constantFrom('right', 'right', 'right', 'right', 'upper', 'double-slash', 'other', 'traversal'),
  query: hostileQuery,
  handshake: fc.record({
    upgrade: fc.oneof({ weight: 6, arbitrary: fc.constant('websocket') }, { weight: 1, arbitrary: hostileHeaderValue }),
    wsKey: fc.oneof({ weight: 6, arbitrary: fc.constant('dGhlIHNhbXBsZSBub25jZQ==') }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileHeaderValue }),
    version: fc.oneof({ weight: 6, arbitrary: fc.constant('13') }, { weight: 1, arbitrary: fc.constantFrom(undefined, '8', '14', '13, 8', '-1', '1e308') }, { weight: 1, arbitrary: hostileHeaderValue }),
    protocol: fc.oneof(fc.constant(undefined), hostileHeaderValue),
    origin: fc.oneof(fc.constant(undefined), fc.constantFrom('null', 'http://evil.example', 'file://'), hostileText(30).map(latin1Bytes)),
    extensions: fc.oneof(fc.constant(undefined), fc.constantFrom('permessage-deflate; client_max_window_bits=99', 'x'.repeat(3000)), hostileHeaderValue),
  }),
  headers: fc.oneof(fc.constant([]), fc.array(fc.tuple(hostileHeaderName, hostileHeaderValue), { minLength: 1, maxLength: 3 })),
  body: fc.oneof(fc.constant(BODY), fc.constant(BODY), fc.constant(''), hostileText(200).map(latin1Bytes)),
});

type GatewayRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function pathOf(input: GatewayRequest): string {
  const ws = input.transport === 'ws' ? '/ws' : '';
  const base = { right: `/local${ws}/v3/`, upper: `/LOCAL${ws}/v3/`, 'double-slash': `/local${ws}//v3/`, other: `/other${ws}/v3/`, traversal: `/local${ws}/v3/../v3/` }[input.shape];
  return `${base}${input.key.segment}${input.query}`;
}

function headersOf(input: GatewayRequest): [string, string][] {
  const headers: [string, string][] = [['content-type', 'application/json']];
  if (input.transport === 'ws') {
    const { upgrade, wsKey, version, protocol, origin, extensions } = input.handshake;
    headers.push(['upgrade', upgrade], ['connection', 'Upgrade']);
    for (const [name, value] of [['sec-websocket-key', wsKey], ['sec-websocket-version', version], ['sec-websocket-protocol', protocol], ['origin', origin], ['sec-websocket-extensions', extensions]] as const) if (value !== undefined) headers.push([name, value]);
  }
  headers.push(...input.headers);
  if (input.body !== '') headers.push(['content-length', String(Buffer.byteLength(input.body, 'latin1'))]);
  return headers;
}

/** A JSON-RPC answer's error message, the gateway's or a library's plain-text line. */
function errorText(answer: Extract<RawAnswer, { kind: 'answer' }>): string | undefined {
  if (!(answer.headers['content-type'] ?? '').startsWith('application/json')) return plainTextError(answer);
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}

describe('the JSON-RPC gateway under hostile paths, headers and handshakes', () => {
  it('answers every request, and lets only the right key on the right path through', async () => {
    const problems = await fuzzHttp({
      name: 'gateway headers fuzz',
      port,
      arbitrary: request,
      runs: 1000,
      statuses: STATUSES,
      errorText,
      request: (input) => ({ method: input.method === 'usual' ? (input.transport === 'ws' ? 'GET' : 'POST') : input.method, path: pathOf(input), headers: headersOf(input), body: input.body }),
      check(input, answer, { method }, report) {
        const rightPath = input.key.valid && input.shape === 'right';
        if (answer.status === 101 && !(rightPath && input.transport === 'ws' && method === 'GET')) report('a WebSocket opened where none should');
        if (answer.status === 200 && !(rightPath && input.transport === 'http' && method === 'POST')) report('a JSON-RPC answer where the gateway should refuse');
      },
    });
    expect(problems).toEqual([]);

    // Still serving: a plain POST, and a WebSocket that answers.
    const after = await fetch(info.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
    expect(await after.json()).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${info.chainId.toString(16)}` });
    const socket = new WebSocket(info.wsUrl);
    const answered = await new Promise<unknown>((resolve, reject) => {
      socket.once('open', () => socket.send(BODY));
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.once('error', reject);
    });
    socket.close();
    expect(answered).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${info.chainId.toString(16)}` });
  }, 180_000);
});
