import { useState } from 'react';
import { parseContentPath } from '../../../src-shared/content/contentPath';
import { Field } from '../../components/Field';

/**
 * The CID box: a CID or a path under one (`<cid>/a/b`, `/ipfs/…`, `ipfs://…`, a gateway address, whose `?filename=`
 * names it); a bad CID gets its specific message.
 */
export function CidBox({ initial, onOpen }: { initial: string; onOpen: (target: { cid: string; segments: string[]; name?: string }) => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
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
      <Field label="CID or path" error={error} announce>
        {(control) => (
          <div className="content-cid-row">
            <input
              {...control}
              className="input mono"
              value={text}
              placeholder="Qm… or bafy…, optionally /path/inside"
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => {
                setText(event.target.value);
                if (error) setError(undefined);
              }}
            />
            <button type="submit" className="btn btn-primary">
              Open
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
