import { frameAt } from '../../../../../src-shared/trace/framesOf';
import type { TraceFrameView, TraceView } from '../../../../../src-shared/trace/traceView';
import { failedIn, failureReason } from '../trace/frameNames';

/**
 * Why a run failed, where it began, as the Overview's headline says it (`Ran out of gas in TracePool.redeem, called
 * by TraceRouter.redeem`, `Reverted in …: ERC20InsufficientBalance(…)`); the reason alone when it began in the
 * transaction's own call.
 */
export function failureText(trace: TraceView): string {
  const path = trace.summary.revertOrigin ?? [];
  const origin = (frameAt(trace.root, path) as TraceFrameView | undefined) ?? trace.root;
  const caller = path.length > 0 ? (frameAt(trace.root, path.slice(0, -1)) as TraceFrameView | undefined) : undefined;
  if (!caller) return capital(failureReason(origin));
  return failedIn(origin, caller);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
