import { keccak256 } from 'js-sha3';

/** A Cairo function name: letters, digits and underscores, not starting with a digit. */
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,199}$/;

/** Starknet's keccak keeps the low 250 bits of keccak-256. */
const LOW_250_BITS = (1n << 250n) - 1n;

/**
 * The entry point selector of a function name: Starknet's keccak (keccak-256 of the ASCII name, its top six
 * bits cleared), as `starknet` computes it (selector.test.ts checks it against starknet.js for any name);
 * `__default__` and `__l1_default__` are 0 by the protocol. Computed here with js-sha3's keccak-256, not starknet.js:
 * importing that builds its curve's tables as it loads, a long task of a window's thread (the call page's script took
 * 58 to 98 ms to run in a fresh window here) for this one hash. Not viem's either: the page's first script runs that
 * one, and a module both scripts run would be split into a third the first script waits for (checkTheChunks).
 */
export function selectorFromName(name: string): { ok: true; selector: string } | { ok: false; message: string } {
  const trimmed = name.trim();
  if (!FUNCTION_NAME.test(trimmed)) return { ok: false, message: 'A function name is letters, digits and _ (for example balanceOf or balance_of).' };
  // cairo-lang's get_selector_from_name: the default entry points are selector 0 (starknet.js hashes them).
  if (trimmed === '__default__' || trimmed === '__l1_default__') return { ok: true, selector: '0x0' };
  return { ok: true, selector: `0x${(BigInt(`0x${keccak256(trimmed)}`) & LOW_250_BITS).toString(16)}` };
}
