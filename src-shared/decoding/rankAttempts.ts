import type { AbiFunction } from 'viem';
import { canonicalSignature, canonicalType, type AbiError, type Candidate } from './candidates';
import { toDecodedValue } from './jsonSafe';
import { SOURCE_RANK, type Alternative, type DecodeSource, type DecodedArg } from './types';

/** One signature tried on the data. */
export interface Attempt {
  signature: string;
  name: string;
  source: DecodeSource;
  /** Set when the data decoded with it. */
  args?: DecodedArg[];
  /** Decoded, and encoding the arguments again gives back exactly the data (no stray or dirty bytes). */
  clean: boolean;
}

/**
 * Orders attempts best first: those that decode cleanly, then those that decode, then the rest; within each,
 * by the trust of their source. The same signature from two sources counts once, from the more trusted one.
 */
export function rankAttempts(attempts: Attempt[]): Attempt[] {
  const score = (attempt: Attempt) => (attempt.clean ? 0 : attempt.args ? 1 : 2);
  const sorted = [...attempts].sort((a, b) => score(a) - score(b) || SOURCE_RANK[a.source] - SOURCE_RANK[b.source]);
  const seen = new Set<string>();
  return sorted.filter((attempt) => {
    const key = attempt.signature;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function alternativesOf(attempts: Attempt[]): Alternative[] {
  return attempts.map((attempt) => ({ signature: attempt.signature, source: attempt.source, decodes: attempt.args !== undefined }));
}

/**
 * Tries one function or error signature on 4-byte-selector data: `decode` gives the argument values (it throws
 * when the data does not fit), `encode` gives the data back from them, to tell a clean decode from a loose one.
 */
export function attemptWith<Item extends AbiFunction | AbiError>(
  data: string,
  candidate: Candidate<Item>,
  decode: (item: Item) => readonly unknown[] | undefined,
  encode: (item: Item, values: readonly unknown[]) => string,
): Attempt {
  const { item, source } = candidate;
  const base = { signature: canonicalSignature(item), name: item.name, source, clean: false };
  let values: readonly unknown[];
  try {
    values = decode(item) ?? [];
  } catch {
    return base;
  }
  let clean = false;
  try {
    clean = encode(item, values).toLowerCase() === data.toLowerCase();
  } catch {
    clean = false;
  }
  return { ...base, clean, args: item.inputs.map((input, index) => ({ name: input.name || `arg${index}`, type: canonicalType(input), value: toDecodedValue(values[index]) })) };
}
