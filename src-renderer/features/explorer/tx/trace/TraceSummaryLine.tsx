import { countOf } from '../../../../../src-shared/text/countOf';
import type { TraceView } from '../../../../../src-shared/trace/traceView';
import { ReplayMismatch } from './ReplayMismatch';

const SOURCE_WORDS = {
  callTracer: "From the node's call tracer",
  replay: 'Replayed in Blockglass: the node offers no call tracer',
} as const;

/** What a call tree holds at a glance ("14 calls, 4 deep · 1 failed"), where it came from, and a replay's warning when it did not reproduce the receipt. */
export function TraceSummaryLine({ trace }: { trace: TraceView }) {
  const { calls, depth, failed } = trace.summary;
  const mismatch = trace.check && !trace.check.matchesReceipt ? trace.check.differences : undefined;
  return (
    <div className="trace-summary">
      <p className="trace-summary-line">
        <strong>
          {countOf(calls, 'call')}, {depth} deep
        </strong>{' '}
        {/* The spaces between the parts are for text read or copied whole; the flex gap spaces them on screen. */}
        {failed > 0 ? <span className="badge badge-danger">{failed} failed</span> : null}{' '}
        <span className="muted">
          {SOURCE_WORDS[trace.source]}
          {trace.source === 'replay' && trace.hardfork ? ` (at the ${trace.hardfork} hardfork)` : ''}
        </span>
      </p>
      {mismatch ? <ReplayMismatch differences={mismatch} shown="tree" /> : null}
    </div>
  );
}
