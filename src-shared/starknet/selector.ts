import { hash } from 'starknet';

/** A Cairo function name: letters, digits and underscores, not starting with a digit. */
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,199}$/;

/**
 * The entry point selector of a function name: Starknet's keccak (keccak-256 of the ASCII name, its top six
 * bits cleared), as `starknet` computes it; `__default__` and `__l1_default__` are 0 by the protocol.
 */
export function selectorFromName(name: string): { ok: true; selector: string } | { ok: false; message: string } {
  const trimmed = name.trim();
  if (!FUNCTION_NAME.test(trimmed)) return { ok: false, message: 'A function name is letters, digits and _ (for example balanceOf or balance_of).' };
  // cairo-lang's get_selector_from_name: the default entry points are selector 0 (starknet.js hashes them).
  if (trimmed === '__default__' || trimmed === '__l1_default__') return { ok: true, selector: '0x0' };
  return { ok: true, selector: hash.getSelectorFromName(trimmed) };
}
