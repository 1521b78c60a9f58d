import { useId, useState } from 'react';
import { parseContentPath } from '../../../src-shared/content/contentPath';

/**
 * The CID box: a CID or a path under one (`<cid>/a/b`, `/ipfs/…`, `ipfs://…`, a gateway address, whose `?filename=`
 * names it); a bad CID gets its specific message.
 */
export function CidBox({ initial, onOpen }: { initial: string; onOpen: (target: { cid: string; segments: string[]; name?: string }) => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  return (
    <form
      className="content-cid-form"
      role="search"
      aria-label="Open a CID"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseContentPath(text);
        if (!parsed.ok) return setError(parsed.message);
        setError(undefined);
        // A gateway address's `?filename=` names what it opens.
        onOpen({ cid: parsed.path.cid, segments: parsed.path.segments, ...(parsed.path.name ? { name: parsed.path.name } : {}) });
      }}
    >
      <label className="field-label" htmlFor={id}>
        CID or path
      </label>
      <div className="content-cid-row">
        <input
          id={id}
          className={`input mono${error ? ' input-invalid' : ''}`}
          value={text}
          placeholder="Qm… or bafy…, optionally /path/inside"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <button type="submit" className="btn btn-primary">
          Open
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
