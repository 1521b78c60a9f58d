import { encodeFunctionData, type AbiFunction } from 'viem';
import { formToArgs } from '../../../src-shared/call/abiForm';
import type { CallDraft } from './callDraft';

/**
 * The calldata a draft sends: as typed when typed; else the picked function with the form's arguments encoded
 * (undefined while an argument does not read); `0x` when no function is picked.
 */
export function callDataOf(draft: CallDraft, fn: AbiFunction | undefined): string | undefined {
  if (draft.dataText !== null) return draft.dataText;
  if (!fn) return '0x';
  const args = formToArgs(fn.inputs, draft.args);
  return args.ok ? encodeFunctionData({ abi: [fn], functionName: fn.name, args: args.args } as never) : undefined;
}
