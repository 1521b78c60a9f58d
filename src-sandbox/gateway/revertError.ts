import { decodeAbiParameters, type Hex } from 'viem';
import { RpcCode, rpcError, type RpcErrorObject } from './rpcErrors';

const ERROR_STRING_SELECTOR = '0x08c379a0';
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/**
 * Rewrites a code-3 revert error to the hosted service's shape: `execution reverted: <reason>` for an
 * `Error(string)` payload, plain `execution reverted` for anything else (custom errors, panics, empty),
 * `data` the raw payload. Anvil words custom errors and panics its own way, so its message is never kept.
 */
export function normalizeRevertError(error: RpcErrorObject): RpcErrorObject {
  if (error.code !== RpcCode.executionReverted) return error;
  const data = typeof error.data === 'string' && HEX.test(error.data) ? (error.data as Hex) : undefined;
  const reason = data === undefined ? undefined : decodeErrorString(data);
  const message = reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`;
  return rpcError(RpcCode.executionReverted, message, data ?? error.data);
}

/** Decodes the reason of an `Error(string)` revert payload; undefined for any other payload. */
export function decodeErrorString(data: Hex): string | undefined {
  if (!data.toLowerCase().startsWith(ERROR_STRING_SELECTOR)) return undefined;
  try {
    const [reason] = decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`);
    return reason;
  } catch {
    return undefined;
  }
}
