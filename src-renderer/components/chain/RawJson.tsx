import { useState } from 'react';
import { CopyButton } from '../CopyButton';

/** A "Raw" button that shows a value as the node sent it (pretty JSON), with a copy button. */
export function RawJson({ value, label }: { value: unknown; label: string }) {
  const [open, setOpen] = useState(false);
  // Written out only when shown: a block's or a receipt's JSON is tens of kB, and most pages never open it.
  const text = open ? JSON.stringify(value, null, 2) : '';
  return (
    <div className="raw-json">
      <button type="button" className="btn btn-small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? `Hide raw ${label}` : `Raw ${label}`}
      </button>
      {open ? (
        <div className="raw-json-body">
          <CopyButton value={text} label={`raw ${label}`} />
          <pre className="mono" tabIndex={0} aria-label={`Raw ${label}`}>
            {text}
          </pre>
        </div>
      ) : null}
    </div>
  );
}
