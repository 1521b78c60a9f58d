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
