import '../../components/InfoList.css';

/** A node's JSON-RPC error as it said it: code and message, then the rows each family adds (data, reason). */
export function NodeAnswer({ code, message, rows }: { code: number | null; message: string; rows: { label: string; value: string }[] }) {
  return (
    <dl className="info-list call-error" aria-label="The node's answer">
      <div className="info-row">
        <dt>Code</dt>
        <dd className="mono">{code ?? 'none'}</dd>
      </div>
      <div className="info-row">
        <dt>Message</dt>
        <dd className="mono">{message}</dd>
      </div>
      {rows.map((row) => (
        <div key={row.label} className="info-row">
          <dt>{row.label}</dt>
          <dd className="mono call-raw-text">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
