import { z } from 'zod';
import { networkIdSchema } from '../networks/network';
import type { TraceView } from '../trace/traceView';
import { method } from './define';
import { hashSchema } from './explorer';

// Area `trace`: inside a transaction. The call tree comes from the node's own callTracer where it offers one, or from a
// replay in Blockglass where it offers no `debug_` method (the hosted service, the sandbox).

export const traceMethods = {
  'trace.transaction': method<TraceView>()({
    input: z.strictObject({ networkId: networkIdSchema, hash: hashSchema }),
    doc:
      "A mined transaction's call tree: each frame's kind, caller, callee, value, input, output, gas and error, its call and revert decoded " +
      "(function names, arguments, custom errors), a summary (calls, depth, failed frames, the path to where the revert began). From the node's " +
      "callTracer where it offers one, else replayed in Blockglass on the parent block's state read with standard methods, checked against the receipt.",
  }),
} as const;
