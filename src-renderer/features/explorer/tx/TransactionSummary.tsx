import type { TransactionView } from '../../../../src-shared/api/explorer';
import { caseFileJson, caseFileMarkdown } from './caseFile';
import { downloadText } from './downloadText';
import { explainTransaction } from './explainTransaction';

/** What happened, in plain words (for support), and the case file to send: Markdown or JSON. */
export function TransactionSummary({ view, networkName }: { view: TransactionView; networkName: string }) {
  const explanation = explainTransaction(view, networkName);
  const hash = String(view.transaction.hash);
  return (
    <section className={`card explorer-summary is-${explanation.outcome}`} aria-labelledby="tx-summary">
      <h2 id="tx-summary" className="explorer-summary-headline">
        {explanation.headline}
      </h2>
      <ul className="explorer-summary-lines">
        {explanation.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="explorer-summary-actions">
        <button type="button" className="btn btn-small" onClick={() => downloadText(`blockglass-${hash.slice(0, 10)}.md`, caseFileMarkdown(view, networkName), 'text/markdown')}>
          Export case file (Markdown)
        </button>
        <button type="button" className="btn btn-small" onClick={() => downloadText(`blockglass-${hash.slice(0, 10)}.json`, caseFileJson(view, networkName), 'application/json')}>
          Export JSON
        </button>
      </div>
    </section>
  );
}
