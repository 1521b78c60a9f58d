import type { TransactionView } from '../../../../src-shared/api/explorer';
import { AddressLink } from '../../../components/chain/ChainLinks';
import { DecodedView } from '../../../components/chain/DecodedView';
import { formatNumber } from '../../../lib/formatChain';
import { addressMarkOf } from './addressMarkOf';

/** The transaction's logs in order, each with the contract that emitted it and its decoding. */
export function TransactionLogs({ view }: { view: TransactionView }) {
  return (
    <section className="card explorer-section" aria-labelledby="tx-logs">
      <h2 id="tx-logs" className="section-title">
        Logs ({view.logs.length})
      </h2>
      <ol className="explorer-logs">
        {view.logs.map(({ log, decoded }, index) => (
          <li key={index} className="explorer-log">
            <p className="explorer-log-head">
              <span className="badge">#{formatNumber(String(log.logIndex ?? index))}</span> <span className="muted">emitted by</span> <AddressLink address={String(log.address)} {...addressMarkOf(view, log.address)} />
            </p>
            <DecodedView decoding={decoded} raw={log} rawLabel="log" />
          </li>
        ))}
      </ol>
    </section>
  );
}
