import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToHex, decodeEventLog, encodeAbiParameters, encodeEventTopics, parseAbiItem, type AbiEvent, type AbiParameter } from 'viem';
import { canonicalSignature, canonicalType, selectorOf, type Candidate } from './candidates';
import { decodeLog, type LogData } from './decodeLog';
import { decodeStaticEvent } from './decodeStaticEvent';
import { toDecodedValue } from './jsonSafe';
import { alternativesOf, rankAttempts, type Attempt } from './rankAttempts';
import type { Decoding } from './types';
import { shortHex } from '../text/shortHex';

// The log decoding as it was before the static fast path, viem's decodeEventLog and encodeAbiParameters
// throughout: what decodeLog must still give, to the byte.
function referenceDecodeLog(log: LogData, candidates: readonly Candidate<AbiEvent>[]): Decoding {
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(log.data) || !log.topics.every((topic) => /^0x[0-9a-fA-F]{64}$/.test(topic))) return { status: 'raw', reason: 'The log is not hex topics and data.', alternatives: [] };
  const topic0 = log.topics[0]?.toLowerCase();
  if (!topic0) return { status: 'raw', reason: 'The log has no topics: an anonymous event, which only its ABI can decode.', alternatives: [] };
  const ranked = rankAttempts(candidates.filter((candidate) => selectorOf(candidate.item) === topic0).map((candidate) => referenceAttempt(log, candidate)));
  const best = ranked[0];
  if (!best) return { status: 'raw', selector: topic0, reason: `No known event has the topic ${shortHex(topic0)}.`, alternatives: [] };
  if (!best.args) return { status: 'raw', selector: topic0, reason: `The log does not decode as ${ranked.map((a) => a.signature).join(' or ')}.`, alternatives: alternativesOf(ranked) };
  return { status: 'decoded', selector: topic0, name: best.name, signature: best.signature, args: best.args, source: best.source, alternatives: alternativesOf(ranked.slice(1)) };
}

function referenceAttempt(log: LogData, candidate: Candidate<AbiEvent>): Attempt {
  const base = { signature: canonicalSignature(candidate.item), name: candidate.item.name, source: candidate.source, clean: false };
  const variants = candidate.indexedUnknown ? referencePlacements(candidate.item, log.topics.length - 1) : [candidate.item];
  let decodedOnce: Attempt | undefined;
  for (const variant of variants) {
    const result = referenceTryVariant(log, variant);
    if (!result) continue;
    const decoded = { ...base, ...result };
    if (decoded.clean) return decoded;
    decodedOnce ??= decoded;
  }
  return decodedOnce ?? base;
}

function referenceTryVariant(log: LogData, event: AbiEvent): Pick<Attempt, 'args' | 'clean'> | undefined {
  try {
    const { args } = decodeEventLog({ abi: [event], topics: log.topics as [`0x${string}`], data: log.data as `0x${string}`, strict: true });
    const values = args as unknown as Record<string, unknown> | readonly unknown[];
    const read = (input: AbiParameter, index: number) => (Array.isArray(values) ? values[index] : (values as Record<string, unknown>)[input.name ?? '']);
    const nonIndexed = event.inputs.map((input, index) => ({ input, index })).filter(({ input }) => !input.indexed);
    let clean = false;
    try {
      clean = encodeAbiParameters(nonIndexed.map(({ input }) => input), nonIndexed.map(({ input, index }) => read(input, index))).toLowerCase() === log.data.toLowerCase();
    } catch {
      clean = false;
    }
    return {
      clean,
      args: event.inputs.map((input, index) => ({ name: input.name || `arg${index}`, type: canonicalType(input), value: toDecodedValue(read(input, index)), indexed: input.indexed === true })),
    };
  } catch {
    return undefined;
  }
}

function referencePlacements(event: AbiEvent, indexedCount: number): AbiEvent[] {
  const count = event.inputs.length;
  if (indexedCount < 0 || indexedCount > count || indexedCount > 3) return [];
  const result: AbiEvent[] = [];
  const choose = (start: number, chosen: number[]) => {
    if (result.length >= 128) return;
    if (chosen.length === indexedCount) {
      const set = new Set(chosen);
      result.push({ ...event, inputs: event.inputs.map((input, index) => ({ ...input, indexed: set.has(index) })) });
      return;
    }
    for (let index = start; index < count; index++) choose(index + 1, [...chosen, index]);
  };
  choose(0, []);
  return result;
}

const SIZES = Array.from({ length: 32 }, (_, index) => index + 1);
const TYPES = ['address', 'bool', ...SIZES.flatMap((size) => [`uint${size * 8}`, `int${size * 8}`, `bytes${size}`])];
const hex = (bytes: Uint8Array) => bytesToHex(bytes);

/** A value of the type, as viem's encoder takes it. */
function valueOf(type: string): fc.Arbitrary<unknown> {
  if (type === 'address') return fc.uint8Array({ minLength: 20, maxLength: 20 }).map(hex);
  if (type === 'bool') return fc.boolean();
  if (type.startsWith('bytes')) {
    const size = Number(type.slice('bytes'.length));
    return fc.uint8Array({ minLength: size, maxLength: size }).map(hex);
  }
  const signed = type.startsWith('int');
  const bits = BigInt(type.slice(signed ? 3 : 4));
  return signed ? fc.bigInt({ min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n }) : fc.bigInt({ min: 0n, max: (1n << bits) - 1n });
}

const NAMES = ['from', 'to', 'value', 'x', 'constructor', '__proto__'];

/** Events of one-word arguments: named, unnamed, partly named, or with repeated names; up to 3 indexed. */
const eventArb = fc
  .record({
    name: fc.constantFrom('Transfer', 'Stormed', 'E', 'Approval'),
    naming: fc.constantFrom('named', 'unnamed', 'mixed', 'repeated'),
    inputs: fc.array(fc.record({ type: fc.constantFrom(...TYPES), indexed: fc.boolean(), pick: fc.nat() }), { maxLength: 6 }),
  })
  .map(({ name, naming, inputs }): AbiEvent => {
    let indexed = 0;
    return {
      type: 'event',
      name,
      inputs: inputs.map((input, index) => {
        const isIndexed = input.indexed && ++indexed <= 3;
        const inputName =
          naming === 'named' ? `a${index}` : naming === 'unnamed' ? '' : naming === 'mixed' ? (input.pick % 2 ? `a${index}` : '') : NAMES[input.pick % NAMES.length]!;
        return { type: input.type, name: inputName, indexed: isIndexed };
      }),
    };
  });

/** An event and a log of it encoded by viem from random values. */
const eventLogArb = eventArb.chain((event) =>
  fc.tuple(...event.inputs.map((input) => valueOf(input.type))).map((values) => {
    const indexedValues = event.inputs.flatMap((input, index) => (input.indexed ? [values[index]] : []));
    const nonIndexed = event.inputs.flatMap((input, index) => (input.indexed ? [] : [{ input, value: values[index] }]));
    const topics = encodeEventTopics({ abi: [event], args: indexedValues } as never) as string[];
    const data = encodeAbiParameters(
      nonIndexed.map(({ input }) => ({ type: input.type })),
      nonIndexed.map(({ value }) => value),
    );
    return { event, log: { topics, data } as LogData };
  }),
);

/** The candidate as each source gives it: signature-database events carry no `indexed` flags. */
function candidateOf(event: AbiEvent, source: 'metadata' | 'imported' | 'signatures'): Candidate<AbiEvent> {
  if (source !== 'signatures') return { item: event, source };
  return { item: { ...event, inputs: event.inputs.map((input) => ({ type: input.type, name: '' })) }, source, indexedUnknown: true };
}

const sourceArb = fc.constantFrom('metadata' as const, 'imported' as const, 'signatures' as const);
const word = (bytes: Uint8Array) => hex(bytes).slice(2);

/** Ways to spoil a log: other data, short or long data, dirty words, topics dropped or added, capitals. */
const damageArb = fc.oneof(
  fc.record({ kind: fc.constant('data' as const), bytes: fc.uint8Array({ maxLength: 300 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('extend' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 70 }) }),
  fc.record({ kind: fc.constant('dirty' as const), at: fc.nat(), position: fc.nat({ max: 31 }), byte: fc.integer({ min: 1, max: 255 }), inTopic: fc.boolean() }),
  fc.record({
    kind: fc.constant('word' as const),
    at: fc.nat(),
    inTopic: fc.boolean(),
    word: fc.oneof(
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map(word),
      fc.constantFrom(`${'0'.repeat(63)}2`, `${'0'.repeat(62)}ff`, `${'0'.repeat(60)}0100`, `${'0'.repeat(62)}80`, 'f'.repeat(64), `${'f'.repeat(62)}7f`, `${'0'.repeat(50)}${'f'.repeat(14)}`, `1${'0'.repeat(63)}`),
    ),
  }),
  fc.record({ kind: fc.constant('dropTopics' as const), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('addTopics' as const), topics: fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constantFrom('upperData' as const, 'upperTopic0' as const, 'upperTopics' as const) }),
);

type Damage = typeof damageArb extends fc.Arbitrary<infer T> ? T : never;

function damage(log: LogData, change: Damage): LogData {
  const words = (data: string) => Math.floor((data.length - 2) / 64);
  const setWord = (text: string, index: number, value: string) => `${text.slice(0, 2 + index * 64)}${value}${text.slice(2 + (index + 1) * 64)}`;
  switch (change.kind) {
    case 'data':
      return { ...log, data: hex(change.bytes) };
    case 'truncate':
      return { ...log, data: log.data.slice(0, 2 + 2 * (change.at % Math.max(1, (log.data.length - 2) / 2))) };
    case 'extend':
      return { ...log, data: log.data + word(change.bytes) };
    case 'dirty':
    case 'word': {
      const dirty = (current: string) => (change.kind === 'word' ? change.word : `${current.slice(0, change.position * 2)}${(parseInt(current.slice(change.position * 2, change.position * 2 + 2), 16) | change.byte).toString(16).padStart(2, '0')}${current.slice(change.position * 2 + 2)}`);
      if (change.inTopic && log.topics.length > 1) {
        const index = 1 + (change.at % (log.topics.length - 1));
        return { ...log, topics: log.topics.map((topic, at) => (at === index ? `0x${dirty(topic.slice(2))}` : topic)) };
      }
      if (words(log.data) === 0) return log;
      const index = change.at % words(log.data);
      return { ...log, data: setWord(log.data, index, dirty(log.data.slice(2 + index * 64, 2 + (index + 1) * 64))) };
    }
    case 'dropTopics':
      return { ...log, topics: log.topics.slice(0, Math.max(1, log.topics.length - change.count)) };
    case 'addTopics':
      return { ...log, topics: [...log.topics, ...change.topics] };
    case 'upperData':
      return { ...log, data: `0x${log.data.slice(2).toUpperCase()}` };
    case 'upperTopic0':
      return { ...log, topics: log.topics.map((topic, at) => (at === 0 ? `0x${topic.slice(2).toUpperCase()}` : topic)) };
    case 'upperTopics':
      return { ...log, topics: log.topics.map((topic, at) => (at === 0 ? topic : `0x${topic.slice(2).toUpperCase()}`)) };
  }
}

describe('decodeStaticEvent', () => {
  const stormed = parseAbiItem('event Stormed(address indexed from, uint8 indexed i, int16 value, bool flag, bytes4 tag)') as AbiEvent;
  const topic0 = selectorOf(stormed);
  const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
  const pad = (text: string) => text.padStart(64, '0');
  const log = (from: string, i: string, value: string, flag: string, tag: string) => ({ topics: [topic0, `0x${from}`, `0x${i}`], data: `0x${value}${flag}${tag}` });
  const from = pad(ALICE.slice(2).toLowerCase());
  const tag = `deadbeef${'0'.repeat(56)}`;

  it('reads each type as viem does, clean when every data word is canonical', () => {
    const result = decodeStaticEvent(log(from, pad('ff'), 'f'.repeat(60) + 'ff85', pad('1'), tag), stormed);
    expect(result).toEqual({
      clean: true,
      args: [
        { name: 'from', type: 'address', value: ALICE, indexed: true },
        { name: 'i', type: 'uint8', value: '255', indexed: true },
        { name: 'value', type: 'int16', value: '-123', indexed: false },
        { name: 'flag', type: 'bool', value: true, indexed: false },
        { name: 'tag', type: 'bytes4', value: '0xdeadbeef', indexed: false },
      ],
    });
  });

  it('decodes loose words as viem does, and they are not clean', () => {
    // An int16 word without its sign extension, a bytes4 word with trailing bytes.
    const result = decodeStaticEvent(log(from, pad('ff'), pad('ff85'), pad('0'), `deadbeef${'0'.repeat(55)}1`), stormed);
    expect(result).toMatchObject({ clean: false, args: [{}, {}, { value: '65413' }, { value: false }, { value: '0xdeadbeef' }] });
    // Address words with high bytes and out-of-range indexed words decode too; topics are not part of clean.
    const high = decodeStaticEvent(log(`ff${from.slice(2)}`, pad('100'), pad('0'), pad('0'), tag), stormed);
    expect(high).toMatchObject({ clean: true, args: [{ value: ALICE }, { value: '256' }, {}, {}, {}] });
    expect(decodeStaticEvent({ ...log(from, pad('1'), pad('0'), pad('0'), tag), data: `${log(from, pad('1'), pad('0'), pad('0'), tag).data}00` }, stormed)).toMatchObject({ clean: false });
  });

  it('fails where viem throws, and leaves odd shapes to viem', () => {
    expect(decodeStaticEvent(log(from, pad('1'), pad('0'), pad('2'), tag), stormed)).toBe(false);
    expect(decodeStaticEvent({ topics: [topic0, `0x${from}`], data: log(from, pad('1'), pad('0'), pad('0'), tag).data }, stormed)).toBe(false);
    expect(decodeStaticEvent({ topics: [topic0, `0x${from}`, `0x${pad('1')}`], data: '0x' }, stormed)).toBeUndefined();
    expect(decodeStaticEvent({ topics: [topic0.toUpperCase().replace('0X', '0x'), `0x${from}`, `0x${pad('1')}`], data: '0x' }, stormed)).toBeUndefined();
    expect(decodeStaticEvent({ topics: [topic0], data: '0x' }, parseAbiItem('event Stormed(string s)') as AbiEvent)).toBeUndefined();
  });

  it('gives what viem gave for logs encoded from random values (property)', () => {
    fc.assert(
      fc.property(eventLogArb, sourceArb, ({ event, log }, source) => {
        const candidate = candidateOf(event, source);
        const result = decodeLog(log, [candidate]);
        expect(result).toEqual(referenceDecodeLog(log, [candidate]));
        const names = event.inputs.map((input) => input.name);
        // viem's args object drops a `__proto__` argument: those logs may not decode.
        if (source === 'signatures' || !names.includes('__proto__')) expect(result.status).toBe('decoded');
        // Uniquely named or unnamed events are read here, not by viem.
        if (source !== 'signatures' && (names.some((name) => !name) || (new Set(names).size === names.length && !names.includes('__proto__')))) {
          expect(decodeStaticEvent(log, event)).toMatchObject({ clean: true });
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('gives what viem gave for malformed logs (property)', () => {
    fc.assert(
      fc.property(eventLogArb, sourceArb, fc.array(damageArb, { minLength: 1, maxLength: 3 }), ({ event, log }, source, changes) => {
        const spoiled = changes.reduce(damage, log);
        const candidate = candidateOf(event, source);
        expect(decodeLog(spoiled, [candidate])).toEqual(referenceDecodeLog(spoiled, [candidate]));
      }),
      { numRuns: 5000 },
    );
  });
});
