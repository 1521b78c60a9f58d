import type { ReactNode } from 'react';
import { CopyButton } from '../../components/CopyButton';

/**
 * The heading of a place: its name as a person knows it (`hello.txt`, not its CID), and below it the CID, labelled
 * as one, whole and copyable. `children` follow on the heading's line (facts, actions).
 */
export function PlaceTitle({ name, cid, children }: { name: string; cid: string; children?: ReactNode }) {
  return (
    <div className="content-title">
      <div className="content-title-line">
        <h2 className="section-title content-title-name" title={name}>
          {name}
        </h2>
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
