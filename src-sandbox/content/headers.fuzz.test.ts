import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { fuzzHttp, hostileHeaderName, hostileHeaderValue, hostileMethod, hostileQuery, hostileSegment, latin1Bytes, plainTextError } from '../testing/hostileHttp';
import type { RawAnswer } from '../testing/rawHttp';
import { hostileText } from '../../test-support/hostileInput';

// Issue 14, hostile input: the content store's paths and headers on the running sandbox's port, byte for byte
// (fuzz.test.ts covers its commands, options and bodies on a store of its own). Path traversal in and out of
// /api/v0, odd and broken methods, long and broken query strings, Authorization headers that are garbage,
// non-ASCII, huge or sent twice, and hostile other headers. Every answer is Kubo's: its JSON error (a 500 only
// with Kubo's error object, as Kubo answers a command that fails), or a plain-text line; never silence; nothing
// without valid credentials; and what was stored before reads back the same afterwards.

const sandbox = inject('sandbox');
const { info } = sandbox;
const port = Number(new URL(info.storageUrl).port);
const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;
const VALID = basic(`${info.key}:${info.secret}`);
const STATUSES = [200, 204, 400, 401, 404, 405, 413, 417, 431, 500];
const file = sandbox.demoContent.entries.find((entry) => entry.type === 'file' && entry.size < 100_000)!;

const hostileAuthorization = fc.oneof(
  fc.constantFrom(basic(`${info.key}:wrong`), basic(`${info.key}`), 'Basic', 'Basic !!!', `Bearer ${info.key}`, `basic ${'A'.repeat(9000)}`),
  fc.tuple(hostileText(40), hostileText(20)).map(([key, secret]) => latin1Bytes(basic(`${key}:${secret}`))),
  hostileHeaderValue,
);

/** Authorization headers in the order sent: Node keeps only the first, so that one decides. */
const authorization = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ values: [VALID], valid: true }) },
  { weight: 2, arbitrary: hostileAuthorization.map((value) => ({ values: [value], valid: false })) },
  { weight: 1, arbitrary: fc.constant({ values: [] as string[], valid: false }) },
  { weight: 1, arbitrary: hostileAuthorization.map((value) => ({ values: [VALID, value], valid: true })) },
  { weight: 1, arbitrary: hostileAuthorization.map((value) => ({ values: [value, VALID], valid: false })) },
) as fc.Arbitrary<{ values: string[]; valid: boolean }>;

const path = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('version', 'cat', 'ls', 'pin/ls', 'block/stat', 'dag/get', 'object/get', 'add').map((command) => `/api/v0/${command}`) },
  { weight: 2, arbitrary: fc.constantFrom('/api/v0/../../etc/passwd', '/api/v0/%2e%2e/%2e%2e/etc/passwd', '/api//v0/version', '/api/v1/version', '/API/v0/version', '/api/v0/cat/../version', '/api/v0/version/', '/api/v0', '/', '/api/v0/%00', '/api/v0/constructor', '/api/v0/__proto__') },
  { weight: 2, arbitrary: hostileSegment.map((segment) => `/api/v0/${segment}`) },
);

const request = fc.record({
  method: fc.oneof({ weight: 3, arbitrary: fc.constant('POST') }, { weight: 2, arbitrary: hostileMethod }),
  path,
  arg: fc.oneof(fc.constant(`arg=${file.cid}`), fc.constant(`arg=${sandbox.demoContent.rootCid}`), hostileSegment.map((segment) => `arg=${segment}`), fc.constant('')),
  query: hostileQuery,
  authorization,
  headers: fc.oneof(fc.constant([]), fc.array(fc.tuple(hostileHeaderName.filter((name) => name !== 'authorization'), hostileHeaderValue), { minLength: 1, maxLength: 3 })),
  body: fc.oneof(fc.constant(''), hostileText(200).map(latin1Bytes)),
});

/** Kubo's JSON error `{Message, Code, Type: "error"}`, or a plain-text line. */
function errorText(answer: Extract<RawAnswer, { kind: 'answer' }>): string | undefined {
  if (!(answer.headers['content-type'] ?? '').startsWith('application/json')) return plainTextError(answer);
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as { Message?: unknown; Code?: unknown; Type?: unknown };
    return body.Type === 'error' && typeof body.Code === 'number' && typeof body.Message === 'string' ? body.Message : undefined;
  } catch {
    return undefined;
  }
}

describe('the content store under hostile paths and headers', () => {
  it('answers every request as Kubo does, and nothing without valid credentials', async () => {
    const problems = await fuzzHttp({
      name: 'content store headers fuzz',
      port,
      arbitrary: request,
      runs: 800,
      statuses: STATUSES,
      errorText,
      request(input) {
        const query = input.arg === '' ? input.query : input.query.startsWith('?') ? `?${input.arg}&${input.query.slice(1)}` : `?${input.arg}${input.query}`;
        const headers: [string, string][] = [...input.authorization.values.map((value): [string, string] => ['authorization', value]), ...input.headers];
        if (input.body !== '') headers.push(['content-length', String(Buffer.byteLength(input.body, 'latin1'))]);
        return { method: input.method, path: `${input.path}${query}`, headers, body: input.body };
      },
      check(input, answer, _request, report) {
        if (answer.status === 200 && !input.authorization.valid) report('content served without valid credentials');
        if (answer.status === 500 && (answer.headers['content-type'] ?? '') !== 'application/json') report('a 500 that is not a Kubo command error');
      },
    });
    expect(problems).toEqual([]);

    // What was stored before reads back the same.
    const cat = await fetch(`${info.storageUrl}/api/v0/cat?arg=${file.cid}`, { method: 'POST', headers: { authorization: VALID } });
    expect(cat.status).toBe(200);
    expect((await cat.arrayBuffer()).byteLength).toBe(file.size);
  }, 180_000);
});
