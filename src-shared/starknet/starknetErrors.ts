import { feltAsShortString } from './felt';
import type { StarknetCallError, StarknetErrorFrame } from './types';

// The spec's errors for starknet_call (and what nodes answer besides), said plainly. A pure function: the
// table test in starknetErrors.test.ts covers every code.

/** The spec's error codes that starknet_call can answer. */
export const STARKNET_CALL_ERRORS = { CONTRACT_NOT_FOUND: 20, ENTRYPOINT_NOT_FOUND: 21, BLOCK_NOT_FOUND: 24, CONTRACT_ERROR: 40 } as const;

interface Context {
  contractAddress: string;
  selector: string;
  functionName?: string;
}

/** Hex felts quoted in a Cairo error (`0x753235365f737562204f766572666c6f77`) read as their short strings where they are text. */
export function readShortStrings(text: string): string {
  return text.replace(/0x[0-9a-fA-F]{2,62}\b(?!\s*\(')/g, (hex) => {
    const asText = feltAsShortString(hex);
    return asText !== undefined && /[A-Za-z]{2}/.test(asText) ? `${hex} ('${asText}')` : hex;
  });
}

/** The frames and innermost reason of the spec's CONTRACT_EXECUTION_ERROR (nested objects, or a plain string from older nodes). */
export function unwindExecutionError(value: unknown): { trace: StarknetErrorFrame[]; reason?: string } {
  const trace: StarknetErrorFrame[] = [];
  let current = value;
  for (let depth = 0; depth < 100; depth++) {
    if (typeof current === 'string') return { trace, reason: readShortStrings(current.trim()) };
    if (typeof current !== 'object' || current === null) break;
    const frame = current as { contract_address?: unknown; class_hash?: unknown; selector?: unknown; error?: unknown };
    if (typeof frame.contract_address === 'string' && typeof frame.selector === 'string') {
      trace.push({ contractAddress: frame.contract_address, classHash: typeof frame.class_hash === 'string' ? frame.class_hash : '', selector: frame.selector });
    }
    current = frame.error;
  }
  return { trace };
}

/** A node's JSON-RPC error to a Starknet call (its code, the message as the rpc service put it, its data), explained for a person. */
export function explainStarknetError(code: number | null, message: string, data: unknown, context: Context): StarknetCallError {
  const fn = context.functionName ? `${context.functionName} (selector ${context.selector})` : `selector ${context.selector}`;
  const base = { code, message, ...(data !== undefined ? { data } : {}), trace: [] as StarknetErrorFrame[] };
  switch (code) {
    case STARKNET_CALL_ERRORS.CONTRACT_NOT_FOUND:
      return { ...base, explanation: `No contract is deployed at ${context.contractAddress} at that block. Check the address and the network, or pick a later block.` };
    case STARKNET_CALL_ERRORS.ENTRYPOINT_NOT_FOUND:
      return { ...base, explanation: `The contract has no entry point for ${fn}. Check the function's name (Cairo names are case-sensitive: balanceOf and balance_of differ).` };
    case STARKNET_CALL_ERRORS.BLOCK_NOT_FOUND:
      return { ...base, explanation: 'The node does not know that block: the number is past the head, or the hash is not on this chain.' };
    case STARKNET_CALL_ERRORS.CONTRACT_ERROR: {
      const revert = typeof data === 'object' && data !== null ? (data as { revert_error?: unknown }).revert_error : typeof data === 'string' ? data : undefined;
      const { trace, reason } = unwindExecutionError(revert);
      return {
        ...base,
        trace,
        ...(reason !== undefined ? { reason } : {}),
        explanation: reason ? `The contract failed while running ${fn}: ${reason}` : `The contract failed while running ${fn}; the node gave no reason.`,
      };
    }
    case -32602:
      return { ...base, explanation: `${message} The calldata may not match what the function expects (its number of felts, a u256 as two).` };
    case -32601:
      return { ...base, explanation: `${message} Is this address a Starknet endpoint?` };
    default:
      return { ...base, explanation: message };
  }
}
