import { useState } from 'react';
import { countOf } from '../../../src-shared/text/countOf';

/** Children shown before "show more" in a large array or object. */
const PAGE = 200;

/** JSON as a foldable tree: objects and arrays open to depth 1, each with its size; long lists page by 200. */
export function JsonTree({ value }: { value: unknown }) {
  return (
    <div className="json-tree mono" role="tree" aria-label="JSON">
      <JsonNode name={undefined} value={value} depth={0} />
    </div>
  );
}

function JsonNode({ name, value, depth }: { name: string | undefined; value: unknown; depth: number }) {
  const label = name === undefined ? null : <span className="json-key">{JSON.stringify(name)}: </span>;
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-leaf" role="treeitem" aria-selected={false}>
        {label}
        <span className={`json-${value === null ? 'null' : typeof value}`}>{JSON.stringify(value)}</span>
      </div>
    );
  }
  return <JsonBranch label={label} value={value as Record<string, unknown> | unknown[]} depth={depth} />;
}

function JsonBranch({ label, value, depth }: { label: React.ReactNode; value: Record<string, unknown> | unknown[]; depth: number }) {
  const [shown, setShown] = useState(PAGE);
  const isArray = Array.isArray(value);
  const entries = isArray ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  const summary = isArray ? `[${countOf(entries.length, 'item')}]` : `{${countOf(entries.length, 'key')}}`;
  return (
    <details className="json-branch" open={depth < 1} role="treeitem" aria-selected={false}>
      <summary>
        {label}
        <span className="muted">{summary}</span>
      </summary>
      <div className="json-children" role="group">
        {entries.slice(0, shown).map(([key, child]) => (
          <JsonNode key={key} name={isArray ? undefined : key} value={child} depth={depth + 1} />
        ))}
        {entries.length > shown ? (
          <button type="button" className="btn btn-small" onClick={() => setShown(shown + PAGE)}>
            Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
          </button>
        ) : null}
      </div>
    </details>
  );
}
