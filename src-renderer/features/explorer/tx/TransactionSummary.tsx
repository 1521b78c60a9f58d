import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../components/Link';
import type { TransactionView } from '../../../../src-shared/api/explorer';
import { useApi } from '../../../api/useApi';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { traceQuery } from '../explorerQueries';
import { caseFileJson, caseFileMarkdown } from './caseFile';
import { downloadText } from './downloadText';
import { explainTransaction } from './explainTransaction';
import { revertPlace } from './trace/frameNames';

/**
 * What happened, in plain words (for support), and the case file to send: Markdown or JSON. A failed transaction's
 * trace is read (one request) so the headline can name where its revert began when that was below the transaction's
 * own call; until it is in, or where it cannot be read, the headline gives the outermost reason (and a line says why
 * the place could not be read).
 */
export function TransactionSummary({ view, networkId, networkName }: { view: TransactionView; networkId: string; networkName: string }) {
  const api = useApi();
  const explanation = explainTransaction(view, networkName);
  const hash = String(view.transaction.hash);
  const trace = useQuery({ ...traceQuery(api, networkId, hash), enabled: explanation.outcome === 'failed' });
  const place = trace.data ? revertPlace(trace.data) : undefined;
  const traceFailed = trace.isError ? apiErrorOf(trace.error).shortMessage : undefined;
  return (
    <section className={`card explorer-summary is-${explanation.outcome}`} aria-labelledby="tx-summary">
      <h2 id="tx-summary" className="explorer-summary-headline">
        {place ?? explanation.headline}
      </h2>
      <ul className="explorer-summary-lines">
        {explanation.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {traceFailed ? <li className="muted">Where the revert began could not be read: {traceFailed} (the Trace tab says more).</li> : null}
      </ul>
      <div className="explorer-summary-actions">
        {explanation.outcome === 'failed' ? (
          <Link className="btn btn-small" href={`/explorer/tx/${hash}?tab=trace`}>
            See the call tree
          </Link>
        ) : null}
        {explanation.outcome === 'failed' ? (
          // Twice its gas limit, run at once on the What if tab, where the limit can be changed again.
          <Link className="btn btn-small" href={`/explorer/tx/${hash}?tab=whatif&gas=${(BigInt(String(view.transaction.gas ?? '0x0')) * 2n).toString(10)}`}>
            Re-run with more gas
          </Link>
        ) : null}
        <button type="button" className="btn btn-small" onClick={() => downloadText(`blockglass-${hash.slice(0, 10)}.md`, caseFileMarkdown(view, networkName, new Date(), trace.data), 'text/markdown')}>
          Export case file (Markdown)
        </button>
        <button type="button" className="btn btn-small" onClick={() => downloadText(`blockglass-${hash.slice(0, 10)}.json`, caseFileJson(view, networkName, trace.data), 'application/json')}>
          Export JSON
        </button>
      </div>
    </section>
  );
}
