import fc from 'fast-check';
import { HOSTILE_STRINGS, hostileText } from '../../test-support/hostileInput';
import { sendRaw, type RawAnswer, type RawRequest } from './rawHttp';

// Hostile HTTP for the sandbox's fuzz tests: methods, path segments, query strings and header values as a
// client could put them on the wire (any byte 0-255 where the protocol has text), and what every answer must
// be whatever came in: a status line with a status, never a 500 unless the service's own error shape says
// so, never silence, and a refusal that says why in words.

/** Methods: the usual, odd but valid tokens, and bytes no method may hold. */
export const hostileMethod = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH') },
  { weight: 2, arbitrary: fc.constantFrom('PROPFIND', 'TRACE', 'CONNECT', 'MKCOL', 'get', 'SEARCH', 'QUERY', 'BREW') },
  { weight: 1, arbitrary: fc.constantFrom('G\u0001T', 'P OST', 'M'.repeat(300), '\u00e9', '') },
);

/** A header value as bytes on the wire (latin1): printable, high bytes, controls, huge. */
export const hostileHeaderValue = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[\x20-\x7e]{0,60}$/) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((text) => text.length < 500)).map(latin1Bytes) },
  { weight: 2, arbitrary: hostileText(40).map(latin1Bytes) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code)), maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(8000), 'b'.repeat(20_000), `Basic ${'A'.repeat(12_000)}`) },
);

/** A header name: the usual ones that matter, random tokens, and bytes no name may hold. */
export const hostileHeaderName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('authorization', 'content-type', 'origin', 'accept', 'accept-encoding', 'content-encoding', 'x-forwarded-for', 'cookie', 'access-control-request-headers', 'access-control-request-method', 'expect', 'range', 'if-none-match', 'upgrade') },
  { weight: 2, arbitrary: fc.stringMatching(/^x-[a-z0-9-]{1,20}$/) },
  { weight: 1, arbitrary: fc.constantFrom('bad name', 'x\u0001y', 'caf\u00e9', '', ':authority') },
);

/** A URL-encoded hostile path segment or query value (as a browser would send it), or raw bytes (as nothing should). */
export const hostileSegment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((text) => encodeURIComponent(safeUtf16(text))) },
  { weight: 3, arbitrary: hostileText(40).map((text) => encodeURIComponent(safeUtf16(text))) },
  { weight: 1, arbitrary: fc.constantFrom('..', '.', '%2e%2e', '%2F', '%00', '%zz', '%', '..%2f..%2fetc%2fpasswd', '%E2%80%AE', '\u00e9', 'a b', '9'.repeat(5000)) },
);

/** A query string: none, hostile pairs, broken escapes, or a very long one. */
export const hostileQuery = fc.oneof(
  fc.constant(''),
  fc.array(fc.tuple(hostileSegment, hostileSegment), { maxLength: 4 }).map((pairs) => `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`),
  fc.constantFrom('?', '?&&&', '?=', '?%zz', '?a=%', `?q=${'x'.repeat(10_000)}`, '#fragment'),
);

/** Text as the bytes of its UTF-8 encoding, one latin1 character per byte (how a header carries it). */
export function latin1Bytes(text: string): string {
  return Buffer.from(safeUtf16(text), 'utf8').toString('latin1');
}

/** Lone surrogates replaced (encodeURIComponent throws on them; UTF-8 cannot carry them). */
function safeUtf16(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const VAGUE = /internal (server )?error|\n\s+at |\bat \S+ \(\S+:\d+:\d+\)|node:internal|\[object \w+\]|undefined/i;

/**
 * Why an answer is not acceptable, or undefined: it must come (no hang, no close without a status line), its
 * status must be one of `statuses`, and a refusal (4xx, 5xx) must carry a body saying why in words, as
 * `errorText` reads it from the service's error shape (undefined when the body is not in that shape).
 */
export function answerProblem(answer: RawAnswer, options: { method: string; statuses: readonly number[]; errorText: (answer: Extract<RawAnswer, { kind: 'answer' }>) => string | undefined }): string | undefined {
  if (answer.kind === 'hang') return 'no answer (the request hung)';
  if (answer.kind === 'closed') return `the connection closed without an answer (${answer.bytes} bytes)`;
  if (!options.statuses.includes(answer.status)) return `unexpected status ${answer.status}: ${answer.body.toString('latin1').slice(0, 200)}`;
  if (answer.status < 400 || options.method === 'HEAD') return undefined;
  const text = options.errorText(answer);
  if (text === undefined) return `a ${answer.status} not in the service's error shape: ${JSON.stringify(answer.headers['content-type'])} ${JSON.stringify(answer.body.toString('latin1').slice(0, 200))}`;
  if (text.trim() === '') return `a ${answer.status} that says nothing`;
  if (VAGUE.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return `a ${answer.status} that says nothing specific: ${JSON.stringify(text.slice(0, 200))}`;
  return undefined;
}

/** The line of a plain-text refusal (`404 page not found`, `400 Bad Request: …`, `invalid project id`), if it is one. */
export function plainTextError(answer: Extract<RawAnswer, { kind: 'answer' }>): string | undefined {
  return /^text\/(plain|html)/.test(answer.headers['content-type'] ?? '') ? answer.body.toString('utf8') : undefined;
}

/** Problems found by a fuzz, one example per kind (what comes before the first colon), all listed at the end. */
export function createProblemLog(): { report(problem: string, example: string): void; list(): string[] } {
  const problems = new Map<string, string>();
  return {
    report(problem, example) {
      const kind = problem.replace(/:.*$/s, '');
      if (!problems.has(kind)) problems.set(kind, `${problem.slice(0, 300)}\n  request: ${example.slice(0, 300)}`);
    },
    list: () => [...problems.values()],
  };
}

type Answered = Extract<RawAnswer, { kind: 'answer' }>;

/**
 * Sends `runs` requests drawn from `arbitrary` to `port`, byte for byte, and checks each answer with
 * {@link answerProblem}, then with `check` (the service's own rules) when it came. Prints how many requests went
 * and the statuses that came back, and resolves with the problems found, one example per kind.
 */
export async function fuzzHttp<T>(options: {
  name: string;
  port: number;
  arbitrary: fc.Arbitrary<T>;
  runs: number;
  statuses: readonly number[];
  errorText: (answer: Answered) => string | undefined;
  /** The request to send for one drawn input. */
  request: (input: T) => RawRequest;
  check?: (input: T, answer: Answered, request: RawRequest, report: (problem: string) => void) => void;
}): Promise<string[]> {
  const statuses = new Map<number, number>();
  const problems = createProblemLog();
  let cases = 0;
  await fc.assert(
    fc.asyncProperty(options.arbitrary, async (input) => {
      cases += 1;
      const request = options.request(input);
      const answer = await sendRaw(options.port, request);
      const shown = `${request.method.slice(0, 20)} ${request.path.slice(0, 160)} ${JSON.stringify(request.headers.map(([name, value]) => [name, value.slice(0, 40)]))}`;
      const problem = answerProblem(answer, { method: request.method, statuses: options.statuses, errorText: options.errorText });
      if (problem) return problems.report(problem, shown);
      if (answer.kind !== 'answer') return;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      options.check?.(input, answer, request, (found) => problems.report(found, shown));
    }),
    { numRuns: options.runs, seed: 14 },
  );
  console.log(`${options.name}: ${cases} requests, statuses ${[...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ')}`);
  return problems.list();
}
