import type { CallOutcome } from '../../../src-shared/call/types';
import { SOURCE_LABEL } from '../../../src-shared/decoding/types';
import { BlockLink } from '../../components/chain/ChainLinks';
import { DecodedArgs, DecodedView } from '../../components/chain/DecodedView';
import { CopyButton } from '../../components/CopyButton';
import { NodeAnswer } from './NodeAnswer';

/** What a call came to: its outputs by name and type with the raw return data, or the node's error and the revert decoded. */
export function CallOutcomeView({ outcome, block }: { outcome: CallOutcome; block?: string }) {
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
      <section className="card call-outcome is-ok" aria-labelledby="call-outcome-title">
        <h2 id="call-outcome-title" className="section-title">
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
    <section className="card call-outcome is-failed" aria-labelledby="call-outcome-title">
      <h2 id="call-outcome-title" className="section-title">
        <span className="badge badge-danger">{revert ? 'Reverted' : 'Failed'}</span> {revert ? revert.message : error.message}
      </h2>
      {facts}
      {warnings}
      <NodeAnswer code={error.code} message={error.nodeSaid ?? error.message} rows={[{ label: 'Data', value: error.data ?? 'none' }]} />
      {revert ? (
        <div className="call-revert">
          <h3 className="explorer-subtitle">
            Revert reason{revert.status === 'decoded' ? <span className="badge">{revert.source === 'guess' ? 'guess: argument types read from the data' : SOURCE_LABEL[revert.source]}</span> : null}
          </h3>
          <DecodedView decoding={revert} raw={error.data ?? '0x'} rawLabel="revert data" />
        </div>
      ) : null}
    </section>
  );
}
