import { useState } from 'react';
import { parseContentPath } from '../../../src-shared/content/contentPath';
import { quoteInput } from '../../../src-shared/text/quoteInput';
import { Field } from '../../components/Field';

// What a CID, or a link to one, starts with: a CIDv0, the common CIDv1 prefixes (base32 `baf…`, base36 `k51…`, base58
// `z…`), `/ipfs/`, `ipfs://`, a gateway's `http(s)://`; and hex (a hash pasted here, told it is hex, not a CID). Text
// that starts otherwise is taken for a name.
const CID_LIKE = /^\s*(Qm|baf|bag|k51|z[1-9A-HJ-NP-Za-km-z]{8}|\/ipfs\/|ipfs:\/\/|https?:\/\/|0x|[0-9a-f]{8,}\s*$)/i;

/**
 * The CID box: a CID or a path under one (`<cid>/a/b`, `/ipfs/…`, `ipfs://…`, a gateway address, whose `?filename=`
 * names it); a bad CID gets its specific message. Text that is no CID and does not start like one is a name: it goes
 * to `onName` (Find by name), not to a message about multibase prefixes.
 */
export function CidBox({ initial, onOpen, onName }: { initial: string; onOpen: (target: { cid: string; segments: string[]; name?: string }) => void; onName: (text: string) => void }) {
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
        if (!parsed.ok && text.trim() !== '' && !CID_LIKE.test(text)) {
          // Said plainly, and found by name below (Find by name holds it).
          setError(`${quoteInput(text.trim())} is not a CID: what goes by that name is listed under “Found by name”.`);
          return onName(text.trim());
        }
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
