import { useEffect, useEffectEvent } from 'react';
import { decodeFunctionData, type AbiFunction } from 'viem';
import { selectorOf } from '../../../src-shared/decoding/candidates';
import { draftFromArgs, type CallDraft } from './callDraft';

/**
 * Calldata typed directly is read back into the form when one of the functions decodes it: typing or a new ABI
 * runs it; the rest of the draft, as it is then, is only written to.
 */
export function useFormFromCalldata(dataText: string | null, functions: readonly AbiFunction[], change: (update: Partial<CallDraft>) => void): void {
  const fill = useEffectEvent(change);
  useEffect(() => {
    if (dataText === null || !/^0x(?:[0-9a-fA-F]{2})*$/.test(dataText) || dataText.length < 10) return;
    const selector = dataText.slice(0, 10).toLowerCase();
    for (const item of functions) {
      if (selectorOf(item) !== selector) continue;
      try {
        const { args } = decodeFunctionData({ abi: [item], data: dataText as `0x${string}` });
        fill(draftFromArgs(item, (args ?? []) as unknown[]));
        return;
      } catch {
        // does not decode as this one: try the next with the same selector
      }
    }
  }, [dataText, functions]);
}
