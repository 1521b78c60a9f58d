import { ComingSoon } from '../../components/ComingSoon';
import { HexValue } from '../../components/HexValue';

/** The content browser (coming in a later version); shows the CID and path its URL asked for (`/content/<cid>/<path>`). */
export function ContentScreen({ cid, path }: { cid?: string; path?: string }) {
  return (
    <ComingSoon title="Content" line="Content browser — coming in a later version: browse folders by CID, preview files and upload.">
      {cid ? (
        <>
          <span className="badge badge-accent">CID</span>
          <HexValue value={cid} label="CID" />
          {path ? <span className="mono muted">/{path}</span> : null}
        </>
      ) : null}
    </ComingSoon>
  );
}
