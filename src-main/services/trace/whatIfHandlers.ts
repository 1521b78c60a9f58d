import type { MethodHandlers } from '../../../src-shared/api/types';
import { toAbortSignal } from '../rpc/toAbortSignal';
import type { WhatIfService } from './whatIf/createWhatIfService';

/** The contract's `trace.whatIf` over the what-if service. */
export function whatIfHandlers(whatIf: WhatIfService): Pick<MethodHandlers, 'trace.whatIf'> {
  return {
    'trace.whatIf': ({ networkId, hash, change }, context) => whatIf.run(networkId, hash as `0x${string}`, change, toAbortSignal(context.signal)),
  };
}
