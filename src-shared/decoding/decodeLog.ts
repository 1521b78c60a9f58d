import { decodeEventLog, encodeAbiParameters, type AbiEvent, type AbiParameter } from 'viem';
import { canonicalSignature, canonicalType, selectorOf, type Candidate } from './candidates';
import { decodeStaticEvent } from './decodeStaticEvent';
import { toDecodedValue } from './jsonSafe';
import { alternativesOf, rankAttempts, type Attempt } from './rankAttempts';
import type { Decoding } from './types';
import { shortHex } from '../text/shortHex';

/** A log as the node returns it (the parts decoding needs). */
export interface LogData {
  topics: readonly string[];
  data: string;
}

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;
/** Past this many ways to place the indexed arguments, a signature without `indexed` flags is not tried. */
const MAX_PLACEMENTS = 128;

/**
 * Decodes a log with the candidate events whose topic matches, best first. Never throws: a log it cannot
 * decode (anonymous, unknown topic, data of the wrong shape) comes back raw, with the reason.
 */
export function decodeLog(log: LogData, candidates: readonly Candidate<AbiEvent>[]): Decoding {
  if (!HEX.test(log.data) || !log.topics.every((topic) => TOPIC.test(topic))) return { status: 'raw', reason: 'The log is not hex topics and data.', alternatives: [] };
  const topic0 = log.topics[0]?.toLowerCase();
  if (!topic0) return { status: 'raw', reason: 'The log has no topics: an anonymous event, which only its ABI can decode.', alternatives: [] };
  const attempts = candidates.filter((candidate) => selectorOf(candidate.item) === topic0).map((candidate) => attempt(log, candidate));
  const ranked = rankAttempts(attempts);
  const best = ranked[0];
  if (!best) return { status: 'raw', selector: topic0, reason: `No known event has the topic ${shortHex(topic0)}.`, alternatives: [] };
  if (!best.args) {
    return { status: 'raw', selector: topic0, reason: `The log does not decode as ${ranked.map((a) => a.signature).join(' or ')}.`, alternatives: alternativesOf(ranked) };
  }
  return { status: 'decoded', selector: topic0, name: best.name, signature: best.signature, args: best.args, source: best.source, alternatives: alternativesOf(ranked.slice(1)) };
}

// Items are not changed once parsed: their signatures are kept beside them, as their selectors are.
const signatures = new WeakMap<AbiEvent, string>();

function signatureOf(event: AbiEvent): string {
  let signature = signatures.get(event);
  if (signature === undefined) {
    signature = canonicalSignature(event);
    signatures.set(event, signature);
  }
  return signature;
}

function attempt(log: LogData, candidate: Candidate<AbiEvent>): Attempt {
  const base = { signature: signatureOf(candidate.item), name: candidate.item.name, source: candidate.source, clean: false };
  const variants = candidate.indexedUnknown ? placements(candidate.item, log.topics.length - 1) : [candidate.item];
  let decodedOnce: Attempt | undefined;
  for (const variant of variants) {
    const result = tryVariant(log, variant);
    if (!result) continue;
    const decoded = { ...base, ...result };
    if (decoded.clean) return decoded;
    decodedOnce ??= decoded;
  }
  return decodedOnce ?? base;
}

function tryVariant(log: LogData, event: AbiEvent): Pick<Attempt, 'args' | 'clean'> | undefined {
  const fast = decodeStaticEvent(log, event);
  if (fast !== undefined) return fast || undefined;
  try {
    const { args } = decodeEventLog({ abi: [event], topics: log.topics as [`0x${string}`], data: log.data as `0x${string}`, strict: true });
    const values = args as unknown as Record<string, unknown> | readonly unknown[];
    // viem gives an object by name when every argument is named, else an array in the ABI's order.
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

// Kept per event and topic count: the same variants for every log, so what is cached by item holds for them.
const placementsOf = new WeakMap<AbiEvent, Map<number, AbiEvent[]>>();

/** The event with `indexedCount` of its arguments marked indexed, in every order-preserving way (capped). */
function placements(event: AbiEvent, indexedCount: number): AbiEvent[] {
  let byCount = placementsOf.get(event);
  if (!byCount) {
    byCount = new Map();
    placementsOf.set(event, byCount);
  }
  let result = byCount.get(indexedCount);
  if (!result) {
    result = placeIndexed(event, indexedCount);
    byCount.set(indexedCount, result);
  }
  return result;
}

function placeIndexed(event: AbiEvent, indexedCount: number): AbiEvent[] {
  const count = event.inputs.length;
  if (indexedCount < 0 || indexedCount > count || indexedCount > 3) return [];
  const result: AbiEvent[] = [];
  const choose = (start: number, chosen: number[]) => {
    if (result.length >= MAX_PLACEMENTS) return;
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
