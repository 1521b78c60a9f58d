import type { AbiFunction } from 'viem';
import type { AbiError } from '../../../src-shared/decoding/candidates';
import { parseAbiInput } from '../../../src-shared/decoding/parseAbiInput';

/**
 * A pasted ABI's functions and custom errors (a revert is decoded with them): JSON, an artifact, or human-readable
 * signatures (`balanceOf(address) returns (uint256)` reads as a function, `error Low(uint256 have)` as an error).
 */
export function pastedFunctions(text: string): { functions: AbiFunction[]; errors: AbiError[]; error?: string } {
  if (text.trim() === '') return { functions: [], errors: [] };
  const lines = text.trim().startsWith('[') || text.trim().startsWith('{') ? text : text.split('\n').map((line) => (/^\s*[A-Za-z_$][\w$]*\s*\(/.test(line) ? `function ${line.trim()}` : line)).join('\n');
  const parsed = parseAbiInput(lines);
  if (!parsed.ok) return { functions: [], errors: [], error: parsed.message };
  return { functions: parsed.abi.filter((item): item is AbiFunction => item.type === 'function'), errors: parsed.abi.filter((item): item is AbiError => item.type === 'error') };
}
