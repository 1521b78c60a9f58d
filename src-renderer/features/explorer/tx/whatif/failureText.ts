import { frameAt } from '../../../../../src-shared/trace/framesOf';
import type { TraceFrameView, TraceView } from '../../../../../src-shared/trace/traceView';
import { frameName } from '../trace/frameNames';

/**
 * Why a run failed, where it began: `Ran out of gas in TraceToken.transfer, called by TraceVault.pay`, or `Reverted in
 * …: ERC20InsufficientBalance(…)`; the outermost reason when it began in the transaction's own call.
 */
export function failureText(trace: TraceView): string {
  const path = trace.summary.revertOrigin ?? [];
  const origin = (frameAt(trace.root, path) as TraceFrameView | undefined) ?? trace.root;
  const caller = path.length > 0 ? (frameAt(trace.root, path.slice(0, -1)) as TraceFrameView | undefined) : undefined;
  const outOfGas = origin.error?.startsWith('out of gas') ?? false;
  // An out-of-gas frame returns no data, so its "revert" says nothing the error does not.
  const reason = outOfGas || origin.error !== 'execution reverted' ? origin.error : (origin.revert?.message ?? origin.error);
  if (!caller) return capital(reason ?? 'no reason given');
  return outOfGas ? `Ran out of gas in ${frameName(origin)}, called by ${frameName(caller)}` : `Reverted in ${frameName(origin)}, called by ${frameName(caller)}: ${reason ?? 'no reason given'}`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
