import type { MethodHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { CallService } from './createCallService';

type CallMethods = Pick<MethodHandlers, 'call.run' | 'call.starknet' | 'call.abi' | 'call.suggestedFrom' | 'call.decodeData' | 'call.history' | 'call.pin' | 'call.deleteHistory'>;

/** The contract's `call` area over the call service. */
export function callHandlers(call: CallService): CallMethods {
  return {
    'call.run': ({ networkId, request }, context) => call.run(networkId, request, toAbortSignal(context.signal)),
    'call.starknet': ({ networkId, request }, context) => call.starknet(networkId, request, toAbortSignal(context.signal)),
    'call.abi': ({ networkId, address }, context) => call.abi(networkId, address, toAbortSignal(context.signal)),
    'call.suggestedFrom': ({ networkId }, context) => call.suggestedFrom(networkId, toAbortSignal(context.signal)),
    'call.decodeData': ({ networkId, to, data }, context) => call.decodeData(networkId, to, data, toAbortSignal(context.signal)),
    'call.history': async ({ networkId }) => call.history(networkId),
    'call.pin': async ({ id, pinned }) => call.pin(id, pinned),
    'call.deleteHistory': async ({ id }) => call.deleteHistory(id),
  };
}
