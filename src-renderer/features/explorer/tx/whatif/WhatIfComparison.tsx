import type { WhatIfOutcome } from '../../../../../src-shared/api/trace';
import { countOf } from '../../../../../src-shared/text/countOf';
import { formatNumber, percentOf } from '../../../../lib/formatChain';
import { failureText } from './failureText';

/** A run's status as a badge. */
export function StatusBadge({ outcome }: { outcome: WhatIfOutcome }) {
  return outcome.status === 'failed' ? <span className="badge badge-danger">Failed</span> : <span className="badge badge-ok">Success</span>;
}

/** What a run ended with: why it failed (where it began), or what it returned. */
function Ending({ outcome }: { outcome: WhatIfOutcome }) {
  if (outcome.status === 'failed') return <span className="whatif-wrap">{failureText(outcome.trace)}</span>;
  if (outcome.output === '0x') return <span className="muted">Returned nothing</span>;
  return (
    <span className="whatif-wrap">
      Returned <span className="mono">{outcome.output}</span>
      {/* One word is most often a number (an amount, a count): read as one beside it. */}
      {outcome.output.length === 66 ? <span className="muted whatif-as-number">As a number: {formatNumber(outcome.output)}</span> : null}
    </span>
  );
}

/** The two runs side by side, one row per fact: status, gas used of the limit, how it ended, the calls it made. */
export function WhatIfComparison({ original, rerun, rerunNote }: { original: WhatIfOutcome; rerun: WhatIfOutcome; rerunNote: string }) {
  const runs = [original, rerun];
  return (
    <table className="whatif-compare">
      <caption className="visually-hidden">The original and the re-run, side by side</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">
            Original <span className="whatif-col-note">as it was sent</span>
          </th>
          <th scope="col">
            Re-run <span className="whatif-col-note">{rerunNote}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Status</th>
          {runs.map((run, i) => (
            <td key={i}>
              <StatusBadge outcome={run} />
            </td>
          ))}
        </tr>
        <tr>
          <th scope="row">Gas used</th>
          {runs.map((run, i) => (
            <td key={i}>
              {formatNumber(run.gasUsed)} of {formatNumber(run.gasLimit)} <span className="muted">({percentOf(run.gasUsed, run.gasLimit)}%)</span>
            </td>
          ))}
        </tr>
        <tr>
          <th scope="row">Outcome</th>
          {runs.map((run, i) => (
            <td key={i}>
              <Ending outcome={run} />
            </td>
          ))}
        </tr>
        <tr>
          <th scope="row">Calls</th>
          {runs.map((run, i) => (
            <td key={i}>
              {countOf(run.trace.summary.calls, 'call')}, {run.trace.summary.depth} deep
              {run.trace.summary.failed > 0 ? <span className="badge badge-danger whatif-failed-count">{run.trace.summary.failed} failed</span> : null}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
