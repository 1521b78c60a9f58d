import fc from 'fast-check';

// Hostile input for the fuzz tests of the API contract, the sandbox's endpoints and the UI's input boxes
// (issue 14): text a careless or malicious person could paste, numbers past every range, markup and script,
// path traversal, invisible and direction-changing characters, broken UTF-16, megabyte pastes.

/** One mebibyte of text, the size of a careless paste. */
export const MEGABYTE = 1024 * 1024;

/** What an injected script sets; a page or process that finds it set ran input as code. */
export const PWNED = '__pwned';

/** Bidirectional controls: they reorder the text around them (`Safe\u202Eexe.txt` shows as "Safetxt.exe"). */
export const BIDI_CONTROLS = ['\u202E', '\u202D', '\u202A', '\u202B', '\u202C', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

/** Characters that display as nothing. */
export const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'];

/** 2^256, one past the largest uint256. */
const TWO_256 = 2n ** 256n;

/** Markup and script that would run if any of it reached the page as HTML. Each sets `window.__pwned`. */
export const SCRIPT_PAYLOADS = [
  `<script>window.${PWNED}=1</script>`,
  `<img src=x onerror="window.${PWNED}=1">`,
  `"><svg onload="window.${PWNED}=1">`,
  `'><iframe srcdoc="<script>parent.${PWNED}=1</script>">`,
  `javascript:window.${PWNED}=1`,
  `<a href="javascript:window.${PWNED}=1">x</a>`,
  `data:text/html,<script>window.${PWNED}=1</script>`,
  `{{constructor.constructor('window.${PWNED}=1')()}}`,
  '<script>alert(1)</script>',
];

/** Fixed hostile strings, short enough to use anywhere. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  ...SCRIPT_PAYLOADS,
  "'; DROP TABLE networks; --",
  "' OR '1'='1",
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.png',
  'file:///etc/passwd',
  '\u0000',
  '\u0001\u001b[31m\u007f',
  '__proto__',
  'constructor',
  'toString',
  '${7*7}',
  '%s%s%s%n',
  'undefined',
  'null',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '1e309',
  '-1e308',
  '9007199254740993',
  TWO_256.toString(),
  (TWO_256 - 1n).toString(),
  `0x${TWO_256.toString(16)}`,
  `0x${'f'.repeat(64)}`,
  `0x${'f'.repeat(65)}`,
  '-1',
  '0x-1',
  '0x',
  '0X0',
  '0x0000000000000000000000000000000000000000',
  '１２３',
  '١٢٣',
  'admin\u202Egpj.exe',
  'a\u2066b\u2069c\u202Ed',
  'zero\u200Bwidth\u2060\uFEFF',
  '\uD800',
  '\uDC00x',
  'a\uD83D',
  '😀'.repeat(40),
  'e\u0301\u0301\u0301\u0301',
  'İı',
  '\u2028\u2029',
  'x'.repeat(300),
  '9'.repeat(400),
];

/** The megabyte pastes: characters that are cheap, expensive to encode, or sensitive to every parser. */
export function megabyteStrings(): string[] {
  return ['x'.repeat(MEGABYTE), '9'.repeat(MEGABYTE), `0x${'f'.repeat(MEGABYTE)}`, '<'.repeat(MEGABYTE / 2) + '>'.repeat(MEGABYTE / 2), '\u202E'.repeat(MEGABYTE / 2), '😀'.repeat(MEGABYTE / 4)];
}

/** Numbers at the edges: huge, tiny, negative zero, past 2^53. NaN and the infinities become null in JSON. */
export const HOSTILE_NUMBERS: readonly number[] = [0, -0, -1, 1.5, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, 5e-324, 2 ** 53, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, 2 ** 32, 1e21, Number.NaN, Number.POSITIVE_INFINITY];

/** Arrays nested `depth` deep: `[[[…]]]`. */
export function nestedArray(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

/** Random text with hostile characters mixed in: bidi, zero width, surrogate halves, markup, any code point. */
export function hostileText(maxLength = 60): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
    { weight: 2, arbitrary: fc.constantFrom(...BIDI_CONTROLS, ...ZERO_WIDTH, '\uD800', '\uDFFF', '<', '>', '"', "'", '&', '/', '\\', '%', '\u0000') },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((text) => text.length < 80)) },
  );
  return fc.array(piece, { maxLength: Math.max(1, Math.floor(maxLength / 8)) }).map((pieces) => pieces.join('').slice(0, maxLength));
}

/** A hostile string: a fixed one, random hostile text, or (rarely) a megabyte paste. */
export function hostileString(options: { megabytes?: boolean } = {}): fc.Arbitrary<string> {
  const choices = [
    { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 4, arbitrary: hostileText() },
    { weight: 1, arbitrary: fc.bigInt({ min: -(TWO_256 * TWO_256), max: TWO_256 * TWO_256 }).map((value) => (value < 0n ? `-0x${(-value).toString(16)}` : `0x${value.toString(16)}`)) },
  ];
  if (options.megabytes) choices.push({ weight: 1, arbitrary: fc.constantFrom(...megabyteStrings()) });
  return fc.oneof(...choices);
}

/** Any hostile JSON-able value: strings, edge numbers, deep arrays, objects with prototype names. */
export function hostileValue(options: { megabytes?: boolean } = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileString(options) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
    { weight: 1, arbitrary: fc.constantFrom(nestedArray(50), nestedArray(3000)) },
    { weight: 1, arbitrary: fc.constantFrom(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown, { toString: 'x', valueOf: 1 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}
