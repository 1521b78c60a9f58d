import type { AbiFunction } from 'viem';
import { parseAbiInput } from '../../../src-shared/decoding/parseAbiInput';

/** A pasted ABI's functions: JSON, an artifact, or human-readable signatures (`balanceOf(address) returns (uint256)` reads as a function). */
export function pastedFunctions(text: string): { functions: AbiFunction[]; error?: string } {
  if (text.trim() === '') return { functions: [] };
  const lines = text.trim().startsWith('[') || text.trim().startsWith('{') ? text : text.split('\n').map((line) => (/^\s*[A-Za-z_$][\w$]*\s*\(/.test(line) ? `function ${line.trim()}` : line)).join('\n');
  const parsed = parseAbiInput(lines);
  if (!parsed.ok) return { functions: [], error: parsed.message };
  return { functions: parsed.abi.filter((item): item is AbiFunction => item.type === 'function') };
}
