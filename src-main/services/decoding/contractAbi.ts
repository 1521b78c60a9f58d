import type { Abi, AbiFunction } from 'viem';
import type { ContractAbiView } from '../../../src-shared/call/types';
import { parseSignature, type AbiError } from '../../../src-shared/decoding/candidates';
import type { DecodeSource } from '../../../src-shared/decoding/types';
import type { ImportedAbi } from './createImportedAbis';
import type { MetadataAbi } from './createMetadataAbis';
import { guessAbiFromCode } from './guessAbiFromCode';
import type { SignatureDatabase } from './signatureDatabase';

/**
 * A contract's functions and errors for the call playground, from the most trusted source that knows it: an
 * imported ABI, the contract's own metadata, or the selectors its code dispatches on named by the signature
 * database (those it cannot name are listed as unknown). No outputs are known from the signature database.
 */
export async function contractAbiOf(input: { address: string; code: string; imported: ImportedAbi | undefined; metadata: MetadataAbi | null; signatures: SignatureDatabase }): Promise<ContractAbiView> {
  const { address, code } = input;
  const isContract = code !== '0x';
  const fromAbi = (abi: Abi, source: DecodeSource, contractName: string | undefined | null): ContractAbiView => ({
    address,
    isContract,
    source,
    ...(contractName ? { contractName } : {}),
    functions: abi.filter((item): item is AbiFunction => item.type === 'function'),
    errors: abi.filter((item): item is AbiError => item.type === 'error'),
    unknownSelectors: [],
  });
  if (input.imported) return fromAbi(input.imported.abi, 'imported', input.imported.name);
  if (input.metadata) return fromAbi(input.metadata.abi, 'metadata', input.metadata.view.contractName);
  const guessed = isContract ? await guessAbiFromCode(code, input.signatures) : null;
  if (!guessed) return { address, isContract, source: null, functions: [], errors: [], unknownSelectors: [] };
  const named = (texts: string[], kind: 'function' | 'error') => texts.filter((text) => !text.endsWith('(unknown)')).flatMap((text) => {
    const item = kind === 'function' ? parseSignature('function', text) : parseSignature('error', text);
    return item ? [item] : [];
  });
  return {
    address,
    isContract,
    source: 'signatures',
    functions: named(guessed.functions, 'function') as AbiFunction[],
    errors: named(guessed.errors, 'error') as AbiError[],
    unknownSelectors: guessed.functions.filter((text) => text.endsWith('(unknown)')).map((text) => text.slice(0, 10)),
  };
}
