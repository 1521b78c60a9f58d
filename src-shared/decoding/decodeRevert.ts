import { decodeErrorResult, encodeErrorResult } from 'viem';
import { selectorOf, type AbiError, type Candidate } from './candidates';
import { panicReason } from './panicReasons';
import { alternativesOf, attemptWith, rankAttempts, type Attempt } from './rankAttempts';
import type { Decoding } from './types';

/** `Error(string)` and `Panic(uint256)`: always known. */
export const BUILTIN_ERRORS: readonly Candidate<AbiError>[] = [
  { item: { type: 'error', name: 'Error', inputs: [{ name: 'reason', type: 'string' }] }, source: 'builtin' },
  { item: { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] }, source: 'builtin' },
];

/** A revert decoded, with a one-line reason for people. */
export type RevertDecoding = Decoding & {
  /** `Reverter: amount is zero`; `Panic 0x11: arithmetic overflow or underflow`; `InsufficientBalance(available: 0, required: 1000)`; or why it could not be read. */
  message: string;
};

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/** Decodes a revert's data with the built-in errors and the candidates; never throws. */
export function decodeRevert(data: string, candidates: readonly Candidate<AbiError>[] = []): RevertDecoding {
  if (!HEX.test(data)) return { status: 'raw', reason: 'The revert data is not hex bytes.', alternatives: [], message: 'Reverted with data that is not hex bytes.' };
  if (data.length === 2) {
    const reason = 'Reverted without a reason: a bare revert(), a require() without a message, or an invalid opcode.';
    return { status: 'raw', reason, alternatives: [], message: reason };
  }
  if (data.length < 10) {
    const reason = `Reverted with ${(data.length - 2) / 2} bytes of data, too short for an error selector.`;
    return { status: 'raw', reason, alternatives: [], message: reason };
  }
  const selector = data.slice(0, 10).toLowerCase();
  const all = [...BUILTIN_ERRORS, ...candidates];
  const ranked = rankAttempts(all.filter((candidate) => selectorOf(candidate.item) === selector).map((candidate) => attempt(data as `0x${string}`, candidate)));
  const best = ranked[0];
  if (!best?.args) {
    const reason = best
      ? `The revert data does not decode as ${ranked.map((a) => a.signature).join(' or ')}.`
      : `Reverted with the custom error ${selector}, which no known ABI or signature names.`;
    return { status: 'raw', selector, reason, alternatives: alternativesOf(ranked), message: reason };
  }
  return {
    status: 'decoded',
    selector,
    name: best.name,
    signature: best.signature,
    args: best.args,
    source: best.source,
    alternatives: alternativesOf(ranked.slice(1)),
    message: messageOf(best),
  };
}

function messageOf(decoded: Attempt): string {
  const args = decoded.args ?? [];
  if (decoded.source === 'builtin' && decoded.name === 'Error') return String(args[0]?.value ?? '');
  if (decoded.source === 'builtin' && decoded.name === 'Panic') {
    const code = BigInt(String(args[0]?.value ?? '0'));
    return `Panic 0x${code.toString(16).padStart(2, '0')}: ${panicReason(code)}`;
  }
  // An argument without a name of its own (`arg0`: a custom error named by the signature database) shows by its value alone.
  const named = (name: string) => name !== '' && !/^arg\d+$/.test(name);
  return `${decoded.name}(${args.map((arg) => `${named(arg.name) ? `${arg.name}: ` : ''}${typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value)}`).join(', ')})`;
}

function attempt(data: `0x${string}`, candidate: Candidate<AbiError>): Attempt {
  return attemptWith(
    data,
    candidate,
    (item) => decodeErrorResult({ abi: [item], data }).args as readonly unknown[] | undefined,
    (item, values) => encodeErrorResult({ abi: [item], errorName: item.name, args: values } as never),
  );
}
