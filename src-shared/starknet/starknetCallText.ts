import type { StarknetBlockId } from './blockId';
import type { StarknetCallRequest } from './types';

/** starknet_call's params by name, as the service's spec writes them: `{ request, block_id }`. */
export function starknetCallParams(request: Pick<StarknetCallRequest, 'contractAddress' | 'selector' | 'calldata'>, blockId: StarknetBlockId) {
  return {
    request: { contract_address: request.contractAddress, entry_point_selector: request.selector, calldata: [...request.calldata] },
    block_id: blockId,
  };
}

/** The JSON-RPC body of a Starknet call. */
export function starknetCallJson(request: Pick<StarknetCallRequest, 'contractAddress' | 'selector' | 'calldata'>, blockId: StarknetBlockId): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_call', params: starknetCallParams(request, blockId) }, null, 2);
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The call as a `curl` line to `url` (whose key, if any, is a placeholder). */
export function starknetCallCurl(request: Pick<StarknetCallRequest, 'contractAddress' | 'selector' | 'calldata'>, blockId: StarknetBlockId, url: string): string {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'starknet_call', params: starknetCallParams(request, blockId) });
  return `curl -s -X POST ${shellQuote(url)} \\\n  -H 'Content-Type: application/json' \\\n  --data ${shellQuote(body)}`;
}

/** The call as a `starkli call` line (starkli takes the function's name, so only when there is one). */
export function starknetCallStarkli(request: StarknetCallRequest, blockId: StarknetBlockId, url: string): string | undefined {
  if (!request.functionName) return undefined;
  const block = typeof blockId === 'string' ? (blockId === 'pre_confirmed' ? 'pending' : blockId) : 'block_number' in blockId ? String(blockId.block_number) : blockId.block_hash;
  return ['starkli call', request.contractAddress, request.functionName, ...request.calldata, '--block', block, '--rpc', shellQuote(url)].join(' ');
}
