import type { MethodHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { TraceService } from './createTraceService';

/** The contract's `trace` area over the trace service. */
export function traceHandlers(trace: TraceService): Pick<MethodHandlers, 'trace.transaction' | 'trace.state'> {
  return {
    'trace.transaction': ({ networkId, hash }, context) => trace.transaction(networkId, hash as `0x${string}`, toAbortSignal(context.signal)),
    'trace.state': ({ networkId, hash }, context) => trace.state(networkId, hash as `0x${string}`, toAbortSignal(context.signal)),
  };
}
