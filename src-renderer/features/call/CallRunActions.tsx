/** A call form's Run button (its method named, "Calling…" while it runs) and, after a try, the note that fields need attention. */
export function CallRunActions({ method, pending, needsAttention }: { method: string; pending: boolean; needsAttention: boolean }) {
  return (
    <div className="call-actions">
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? 'Calling…' : `Run ${method}`}
      </button>
      {needsAttention ? <span className="field-error">Some fields need attention (marked above).</span> : null}
    </div>
  );
}
