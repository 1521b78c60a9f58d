import { decodeFunctionData, encodeFunctionData, type AbiFunction } from 'viem';
import { selectorOf, type Candidate } from './candidates';
import { alternativesOf, attemptWith, rankAttempts, type Attempt } from './rankAttempts';
import type { Decoding } from './types';

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/**
 * Decodes a transaction's or call's input with the candidate functions whose selector matches, best first
 * (see rankAttempts). Never throws: input it cannot decode comes back raw, with the reason.
 */
export function decodeCall(data: string, candidates: readonly Candidate<AbiFunction>[]): Decoding {
  if (!HEX.test(data)) return { status: 'raw', reason: 'The input is not hex bytes.', alternatives: [] };
  if (data.length === 2) return { status: 'raw', reason: 'No input: a plain transfer of value.', alternatives: [] };
  if (data.length < 10) return { status: 'raw', reason: `The input is ${(data.length - 2) / 2} bytes, shorter than a 4-byte selector.`, alternatives: [] };
  const selector = data.slice(0, 10).toLowerCase();
  const attempts = candidates.filter((candidate) => selectorOf(candidate.item) === selector).map((candidate) => attempt(data as `0x${string}`, candidate));
  const ranked = rankAttempts(attempts);
  const best = ranked[0];
  if (!best) return { status: 'raw', selector, reason: `No known function has the selector ${selector}.`, alternatives: [] };
  if (!best.args) {
    return { status: 'raw', selector, reason: `The input does not decode as ${ranked.map((a) => a.signature).join(' or ')}.`, alternatives: alternativesOf(ranked) };
  }
  return { status: 'decoded', selector, name: best.name, signature: best.signature, args: best.args, source: best.source, alternatives: alternativesOf(ranked.slice(1)) };
}

function attempt(data: `0x${string}`, candidate: Candidate<AbiFunction>): Attempt {
  return attemptWith(
    data,
    candidate,
    (item) => decodeFunctionData({ abi: [item], data }).args as readonly unknown[] | undefined,
    (item, values) => encodeFunctionData({ abi: [item], functionName: item.name, args: values } as never),
  );
}
