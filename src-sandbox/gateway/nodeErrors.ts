import { methodNotAvailable, RpcCode, rpcError, type RpcErrorObject } from './rpcErrors';
import { normalizeRevertError } from './revertError';

/** What a node's error becomes: another error, or (`null`) a plain `null` result. */
export type MappedNodeError = RpcErrorObject | null;

const OUT_OF_RANGE = /^BlockOutOfRangeError: block height is (\d+) but requested was (\d+)$/;
// The seed: these answer null for a block the node does not know, where Anvil answers -32001.
const NULL_WHEN_UNKNOWN = new Set(['eth_getUncleByBlockHashAndIndex', 'eth_getUncleByBlockNumberAndIndex', 'eth_getUncleCountByBlockHash', 'eth_getUncleCountByBlockNumber']);
const RESOURCE_NOT_FOUND = -32001;

/**
 * Rewrites the node's (Anvil's) errors into the hosted service's wording, for `method`:
 * - code 3 reverts: see normalizeRevertError;
 * - -32601: one text for every missing method (Anvil says `Method not found`, e.g. for eth_mining);
 * - a state that is gone (Anvil: `BlockOutOfRangeError` for a block below its head): says so, instead of
 *   calling a block that is served "out of range";
 * - uncle lookups of an unknown block: `null`, as the seed says.
 */
export function mapNodeError(method: string): (error: RpcErrorObject) => MappedNodeError {
  return (error) => {
    if (error.code === RpcCode.executionReverted) return normalizeRevertError(error);
    if (error.code === RpcCode.methodNotFound) return methodNotAvailable(method);
    if (error.code === RESOURCE_NOT_FOUND && NULL_WHEN_UNKNOWN.has(method)) return null;
    const range = error.code === RpcCode.invalidParams ? OUT_OF_RANGE.exec(error.message) : null;
    if (range && Number(range[2]) <= Number(range[1])) {
      return rpcError(
        RpcCode.invalidParams,
        `the state at block ${range[2]} is not available: the sandbox keeps the state of its seeded blocks and of its latest blocks, not of every block`,
      );
    }
    return error;
  };
}
