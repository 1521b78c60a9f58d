import '../../components/InfoList.css';

/**
 * A node's JSON-RPC error as it said it (code, its own message, then the rows each family adds: data, reason),
 * behind a "Details" disclosure: the page above it says what happened in words. Without `message` (the node
 * said nothing worth showing) that row is left out.
 */
export function NodeAnswer({ code, message, rows }: { code: number | null; message?: string; rows: { label: string; value: string }[] }) {
  return (
    <details className="call-node-answer">
      <summary>Details: the node’s answer</summary>
      <dl className="info-list call-error" aria-label="The node's answer">
        <div className="info-row">
          <dt>Code</dt>
          <dd className="mono">{code ?? 'none'}</dd>
        </div>
        {message !== undefined ? (
          <div className="info-row">
            <dt>It said</dt>
            <dd className="mono">{message}</dd>
          </div>
        ) : null}
        {rows.map((row) => (
          <div key={row.label} className="info-row">
            <dt>{row.label}</dt>
            <dd className="mono call-raw-text">{row.value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
