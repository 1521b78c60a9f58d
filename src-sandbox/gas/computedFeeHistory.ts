import { createFeeHistoryReader, OUT_OF_BOUNDS_MESSAGE, readFeeHistoryParams } from '../gateway/feeHistoryReader';
import { UpstreamRpcError } from '../upstreamRpcError';
import type { UpstreamRpc } from './upstreamRpc';

/**
 * The gas API's node client with eth_feeHistory answered from the chain, by the computation the gateway answers
 * it with (gateway/feeHistoryReader.ts): Anvil's own answer misses the blocks mined before a restart, and the
 * suggestion must not change because the sandbox restarted. Other calls, and batches, go to the node as they are.
 */
export function withComputedFeeHistory(rpc: UpstreamRpc, log: (line: string) => void = () => {}): UpstreamRpc {
  const reader = createFeeHistoryReader({ batch: (calls) => rpc.batch(calls) });
  let saidUnsupported = false;
  return {
    async call<T>(method: string, params: unknown[]): Promise<T> {
      const request = method === 'eth_feeHistory' ? readFeeHistoryParams(params) : undefined;
      if (request === undefined) return rpc.call<T>(method, params);
      const outcome = await reader.read(request);
      switch (outcome.kind) {
        case 'history':
          return outcome.result as T;
        case 'outOfBounds':
          throw new UpstreamRpcError(method, { code: -32602, message: OUT_OF_BOUNDS_MESSAGE });
        case 'unsupported':
          if (!saidUnsupported) log(`gas: eth_feeHistory is read from the node's own cache: ${outcome.reason}`);
          saidUnsupported = true;
          return rpc.call<T>(method, params);
      }
    },
    batch: (calls) => rpc.batch(calls),
    close: () => rpc.close(),
  };
}
