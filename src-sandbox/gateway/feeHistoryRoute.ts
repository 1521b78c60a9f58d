import { feeHistoryJson } from './feeHistory';
import { createFeeHistoryReader, OUT_OF_BOUNDS_MESSAGE, readFeeHistoryParams, type FeeHistoryNode } from './feeHistoryReader';
import { errorReply } from './replyBytes';
import { invalidParams } from './rpcErrors';
import type { UpstreamHttp } from './upstreamHttp';
import type { RpcRequest } from './validateRequest';

/** The gateway's eth_feeHistory: computed from the chain (feeHistoryReader.ts), not from Anvil's fee-history cache. */
export interface FeeHistoryRoute {
  /** Answers a request whose params passed checkParams; `forward` asks the node instead, for params it refuses itself. */
  answer(request: RpcRequest, forward: () => Promise<Buffer>): Promise<Buffer>;
}

/** Creates the route over the gateway's connection to the node (its calls in one turn go out as one batch). */
export function createFeeHistoryRoute(upstream: UpstreamHttp, log?: (line: string) => void): FeeHistoryRoute {
  const node: FeeHistoryNode = { batch: (calls) => Promise.all(calls.map((call) => upstream.call(call.method, call.params))) };
  const reader = createFeeHistoryReader(node);
  let saidUnsupported = false;
  return {
    async answer(request, forward) {
      const checked = readFeeHistoryParams(request.params);
      if (checked === undefined) return forward();
      const outcome = await reader.read(checked);
      switch (outcome.kind) {
        case 'history':
          return Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":${feeHistoryJson(outcome.result)}}`);
        case 'outOfBounds':
          return errorReply(request.id, invalidParams(OUT_OF_BOUNDS_MESSAGE));
        case 'unsupported':
          if (!saidUnsupported) log?.(`gateway: eth_feeHistory is answered by the node's own cache: ${outcome.reason}`);
          saidUnsupported = true;
          return forward();
      }
    },
  };
}
