import { decodeAbiParameters, parseAbiParameters, type AbiParameter } from 'viem';
import { canonicalType } from './candidates';
import { toDecodedValue } from './jsonSafe';
import type { Decoded } from './types';

/**
 * Decodes a call's arguments with types guessed from the data itself (no signature knows the selector),
 * labelled as a guess: the function's name stays unknown. Undefined when the types do not decode the data.
 */
export function decodeGuessed(data: string, types: readonly string[]): Decoded | undefined {
  if (!/^0x(?:[0-9a-fA-F]{2}){4,}$/.test(data)) return undefined;
  try {
    const parameters = (types.length === 0 ? [] : parseAbiParameters(types.join(','))) as readonly AbiParameter[];
    const values = decodeAbiParameters(parameters, `0x${data.slice(10)}`);
    const selector = data.slice(0, 10).toLowerCase();
    const canonical = parameters.map(canonicalType);
    return {
      status: 'decoded',
      selector,
      name: selector,
      signature: `${selector}(${canonical.join(',')})`,
      args: parameters.map((parameter, index) => ({ name: `arg${index}`, type: canonical[index]!, value: toDecodedValue(values[index]) })),
      source: 'guess',
      alternatives: [],
    };
  } catch {
    return undefined;
  }
}
