import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { fuzzHttp, hostileHeaderName, hostileHeaderValue, hostileMethod, hostileQuery, hostileSegment, latin1Bytes, plainTextError } from '../testing/hostileHttp';
import type { RawAnswer } from '../testing/rawHttp';
import { hostileText } from '../../test-support/hostileInput';

// Issue 14, hostile input: the gas-fee API on the running sandbox's port, sent hostile methods, paths (chain ids,
// keys in the path, traversal), query strings, Authorization headers and other headers, byte for byte. Every
// answer is the API's JSON error `{"error": "…"}` or the server's plain-text line (404, a parser refusal), never
// a 500 and never silence; only valid credentials and the served chain get fees; the API answers afterwards.

const { info } = inject('sandbox');
const port = Number(new URL(info.gasUrl).port);
const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;
const STATUSES = [200, 204, 400, 401, 404, 405, 408, 417, 431];

/** Credentials as sent: `valid` says whether they open the API (known by construction, never by the answer). */
const credentials = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom({ header: basic(`${info.key}:${info.secret}`), valid: true }, { header: basic(`${info.key}:`), valid: true }, { header: basic(info.key), valid: true }, { pathKey: info.key, valid: true }) },
  { weight: 2, arbitrary: fc.constantFrom({ header: basic(`${info.key}:wrong`), valid: false }, { header: `Bearer ${info.key}`, valid: false }, { header: 'Basic', valid: false }, { pathKey: '', valid: false }, { valid: false }) },
  { weight: 2, arbitrary: fc.tuple(hostileText(40), hostileText(20)).map(([key, secret]) => ({ header: latin1Bytes(basic(`${key}:${secret}`)), valid: false })) },
  { weight: 2, arbitrary: hostileHeaderValue.map((header) => ({ header, valid: false })) },
  { weight: 2, arbitrary: hostileSegment.map((pathKey) => ({ pathKey, valid: false })) },
) as fc.Arbitrary<{ header?: string; pathKey?: string; valid: boolean }>;

const chain = fc.oneof(
  { weight: 3, arbitrary: fc.constant(String(info.chainId)) },
  { weight: 1, arbitrary: fc.constantFrom('1', '0', '-1', `${info.chainId}.0`, '0x7a69', `%20${info.chainId}`, (2n ** 256n).toString(), '1e308', '') },
  { weight: 2, arbitrary: hostileSegment },
);

const request = fc.record({
  method: hostileMethod,
  credentials,
  chain,
  shape: fc.constantFrom('plain', 'plain', 'plain', 'plain', 'slash', 'traversal', 'double-slash', 'extra', 'upper'),
  query: hostileQuery,
  headers: fc.oneof(fc.constant([]), fc.array(fc.tuple(hostileHeaderName, hostileHeaderValue), { minLength: 1, maxLength: 3 })),
  body: fc.oneof(fc.constant(''), hostileText(200).map(latin1Bytes)),
});

type GasRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function pathOf({ credentials: { pathKey }, chain: id, shape, query }: GasRequest): string {
  const base = pathKey === undefined ? `/networks/${id}/suggestedGasFees` : `/v3/${pathKey}/networks/${id}/suggestedGasFees`;
  const shaped = { plain: base, slash: `${base}/`, traversal: `/networks/..${base}`, 'double-slash': `/${base}`, extra: `${base}/extra`, upper: base.toUpperCase() }[shape];
  return `${shaped}${query}`;
}

/** The API's JSON error, or the server's plain-text line. */
function errorText(answer: Extract<RawAnswer, { kind: 'answer' }>): string | undefined {
  if ((answer.headers['content-type'] ?? '') !== 'application/json') return plainTextError(answer);
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : undefined;
  } catch {
    return undefined;
  }
}

describe('the gas-fee API under hostile requests', () => {
  it('answers every request with fees or a specific refusal, and fees only for valid credentials on the served chain', async () => {
    const problems = await fuzzHttp({
      name: 'gas API fuzz',
      port,
      arbitrary: request,
      runs: 1000,
      statuses: STATUSES,
      errorText,
      request(input) {
        const headers: [string, string][] = [...(input.credentials.header === undefined ? [] : [['authorization', input.credentials.header] as [string, string]]), ...input.headers];
        if (input.body !== '') headers.push(['content-length', String(Buffer.byteLength(input.body, 'latin1'))]);
        return { method: input.method, path: pathOf(input), headers, body: input.body };
      },
      check(input, answer, { method }, report) {
        if (answer.status !== 200) return;
        if (!input.credentials.valid || input.chain !== String(info.chainId)) report('fees for a request without valid credentials on the served chain');
        else if (method === 'GET' && typeof (JSON.parse(answer.body.toString('utf8')) as { medium?: { suggestedMaxFeePerGas?: unknown } }).medium?.suggestedMaxFeePerGas !== 'string') report('a 200 without fees');
      },
    });
    expect(problems).toEqual([]);
    const after = await fetch(`${info.gasUrl}/networks/${info.chainId}/suggestedGasFees`, { headers: { authorization: basic(`${info.key}:${info.secret}`) } });
    expect(after.status).toBe(200);
  }, 180_000);
});
