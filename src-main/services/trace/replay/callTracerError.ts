/**
 * The EVM library's halt reasons in the words Anvil's `callTracer` uses for them (revm's reasons as its tracer
 * writes them for geth-style traces), so a replayed frame's `error` compares equal to the node's. A reason with no
 * entry keeps the library's own words: a difference is then visible, not hidden.
 */
const WORDS: Record<string, string> = {
  revert: 'execution reverted',
  'out of gas': 'out of gas',
  // The code deposit of a creation is charged in the frame; revm reports running out there as plain out of gas.
  'code store out of gas': 'out of gas',
  'invalid opcode': 'invalid opcode',
  'invalid JUMP': 'invalid jump destination',
  'stack underflow': 'StackUnderflow',
  'stack overflow': 'Out of stack',
  'static state change': 'StateChangeDuringStaticCall',
  'create collision': 'CreateCollision',
  'code size to deposit exceeds maximum code size': 'CreateContractSizeLimit',
  'invalid bytecode deployed': 'CreateContractStartingWithEF',
  'initcode exceeds max initcode size': 'CreateInitcodeSizeLimit',
  'value out of range': 'OutOfOffset',
  'invalid input length': 'precompiled failed',
  'point not on curve': 'precompiled failed',
  'input is empty': 'precompiled failed',
  'fp point not in field': 'precompiled failed',
};

/** revm's words for the designated INVALID opcode (0xfe), which it tells apart from an undefined opcode. */
export const DESIGNATED_INVALID_WORDS = 'invalid opcode: INVALID';

/** revm's words for running out of gas while paying for memory, which the library does not tell apart. */
export const MEMORY_OUT_OF_GAS_WORDS = 'out of gas: out of memory';

/** A halt reason of the EVM library, as Anvil's `callTracer` words it. */
export function callTracerError(libraryError: string): string {
  return WORDS[libraryError] ?? libraryError;
}
