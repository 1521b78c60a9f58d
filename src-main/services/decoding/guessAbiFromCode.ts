import type { AbiSourceView } from '../../../src-shared/api/explorer';
import type { SignatureDatabase } from './signatureDatabase';

/** Past this many bytes of code, reading it symbolically costs more than the page is worth. */
const MAX_CODE_BYTES = 48 * 1024;

/**
 * For a contract no imported ABI or metadata describes: the function selectors, event topics and custom
 * errors its bytecode dispatches on or emits (read by `sevm`, a symbolic EVM), each named from the signature
 * database when it knows it, and the token standards the code implements. Labelled as a guess. Null when the
 * code cannot be read this way.
 */
export async function guessAbiFromCode(code: string, signatures: SignatureDatabase): Promise<AbiSourceView | null> {
  if (code === '0x' || (code.length - 2) / 2 > MAX_CODE_BYTES) return null;
  try {
    const { Contract, ERCIds } = await import('sevm');
    const contract = new Contract(code);
    const name = async (lookup: (key: string) => Promise<string[]>, key: string, width: number) => {
      const [known] = await lookup(`0x${key}`);
      return known ?? `0x${key.slice(0, width)}${key.length > width ? '…' : ''} (unknown)`;
    };
    const builtin = new Set(['08c379a0', '4e487b71']);
    const [functions, events, errors] = await Promise.all([
      Promise.all(Object.keys(contract.functions).map((selector) => name(signatures.functions, selector, 8))),
      Promise.all(Object.keys(contract.events).map((topic) => name(signatures.events, topic, 8))),
      Promise.all(Object.keys(contract.reverts ?? {}).filter((selector) => !builtin.has(selector)).map((selector) => name(signatures.errors, selector, 8))),
    ]);
    const interfaces = ERCIds.filter((id) => !id.includes('Metadata') && !id.includes('Enumerable') && contract.isERC(id)).map((id) => id.replace('ERC', 'ERC-'));
    return { source: 'guess', functions, events, errors, ...(interfaces.length > 0 ? { interfaces } : {}) };
  } catch {
    return null;
  }
}
