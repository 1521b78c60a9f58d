import { BaseError, isHex, type Hex } from 'viem';

/** The raw revert payload inside a viem error from eth_call (the JSON-RPC error's `data`), if any. */
export function revertDataOf(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const found = error.walk((e) => isHex((e as { data?: unknown }).data));
  const data = (found as { data?: unknown } | null)?.data;
  return isHex(data) ? data : undefined;
}
