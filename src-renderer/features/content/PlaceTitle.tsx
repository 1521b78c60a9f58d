import { useState, type ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { RenameForm } from './RenameForm';

/** How a root can be named by hand: whether it has a name now, and what to do with a new one. */
export interface RenamePlace {
  named: boolean;
  onName: (name: string) => void;
}

/**
 * The heading of a place: its name as a person knows it (`hello.txt`, not its CID), and below it the CID, labelled
 * as one, whole and copyable. With `rename`, a root can be given a name (or another one). `children` follow on the
 * heading's line (facts, actions).
 */
export function PlaceTitle({ name, cid, rename, children }: { name: string; cid: string; rename?: RenamePlace | undefined; children?: ReactNode }) {
  const [renaming, setRenaming] = useState(false);
  return (
    <div className="content-title">
      <div className="content-title-line">
        {renaming && rename ? (
          <RenameForm initial={rename.named ? name : ''} onName={rename.onName} onClose={() => setRenaming(false)} />
        ) : (
          <>
            <h2 className="section-title content-title-name" title={name}>
              {name}
            </h2>
            {rename ? (
              <button type="button" className="btn btn-small btn-ghost" onClick={() => setRenaming(true)}>
                {rename.named ? 'Rename…' : 'Name it…'}
              </button>
            ) : null}
          </>
        )}
        {children}
      </div>
      <p className="content-title-cid">
        <span className="content-title-cid-label">CID</span>
        <span className="mono content-title-cid-value">{cid}</span>
        <CopyButton value={cid} label="CID" />
      </p>
    </div>
  );
}
