import type { Ref } from 'react';
import type { CallOutcome } from '../../../src-shared/call/types';
import { BlockLink } from '../../components/chain/ChainLinks';
import { DecodedArgs, DecodedView } from '../../components/chain/DecodedView';
import { CopyButton } from '../../components/CopyButton';
import { NodeAnswer } from './NodeAnswer';
import { nodeWordsBeside } from './nodeWordsBeside';

/** The id of the outcome's heading, which names its region (the page moves focus to that region when it arrives). */
export const OUTCOME_TITLE_ID = 'call-outcome-title';

/**
 * What a call came to: its outputs by name and type with the raw return data, or the node's error and the revert
 * decoded. A region named by its heading that takes focus (`ref`, tabIndex -1) when the page brings it into view.
 */
export function CallOutcomeView({ outcome, block, ref }: { outcome: CallOutcome; block?: string; ref?: Ref<HTMLElement> }) {
  const facts = (
    <p className="call-outcome-facts muted">
      {outcome.elapsedMs.toFixed(1)} ms{outcome.blockNumber ? <> · at block <BlockLink number={outcome.blockNumber} hash={null} /></> : block ? ` · at ${block}` : null}
    </p>
  );
  const warnings = outcome.warnings.map((warning) => (
    <p key={warning} className="call-warning" role="note">
      <span className="badge badge-warn">warning</span> {warning}
    </p>
  ));
  if (outcome.ok) {
    return (
      <section ref={ref} tabIndex={-1} className="card call-outcome is-ok" aria-labelledby={OUTCOME_TITLE_ID}>
        <h2 id={OUTCOME_TITLE_ID} className="section-title">
          <span className="badge badge-ok">Returned</span> Result
        </h2>
        {facts}
        {warnings}
        {outcome.outputs === null ? (
          <p className="field-hint">No function was picked, so the result is shown raw.</p>
        ) : outcome.outputs.status === 'decoded' ? (
          <DecodedArgs args={outcome.outputs.args} />
        ) : (
          <p className="decoded-reason">
            <span className="badge badge-warn">not decoded</span> {outcome.outputs.reason}
          </p>
        )}
        <div className="call-raw">
          <span className="field-label">Return data</span>
          <CopyButton value={outcome.returnData} label="the return data" />
          <pre className="mono call-raw-text" aria-label="Return data" tabIndex={0}>
            {outcome.returnData}
          </pre>
        </div>
      </section>
    );
  }
  const { error, revert } = outcome;
  return (
    <section ref={ref} tabIndex={-1} className="card call-outcome is-failed" aria-labelledby={OUTCOME_TITLE_ID}>
      <h2 id={OUTCOME_TITLE_ID} className="section-title">
        <span className="badge badge-danger">{revert ? 'Reverted' : 'Failed'}</span> {revert ? revert.message : error.message}
      </h2>
      {facts}
      {warnings}
      {revert ? (
        <div className="call-revert">
          {/* Where the error's signature came from is said once, in words, by the decoding's own badge. */}
          <h3 className="explorer-subtitle">Revert reason</h3>
          <DecodedView decoding={revert} raw={error.data ?? '0x'} rawLabel="revert data" />
        </div>
      ) : null}
      {/* The node's own words only (never the app's summary of them), and beside a decoded revert only when they agree with it. */}
      <NodeAnswer code={error.code} message={nodeWordsBeside(error.nodeSaid, revert)} rows={[{ label: 'Data', value: error.data ?? 'none' }]} />
    </section>
  );
}
