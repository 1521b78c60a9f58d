import { Link } from '../../components/Link';
import { contentRoute } from '../../../src-shared/content/contentPath';
import { inspectCid } from '../../../src-shared/content/inspectCid';
import { countOf } from '../../../src-shared/text/countOf';
import { CopyButton } from '../../components/CopyButton';

/**
 * A CID's parts: version, multibase, codec, multihash (function, length, digest), and the other version's form; the
 * CID itself too, unless `showCid` is false (the place's heading shows it already).
 */
export function CidInspector({ cid, title = 'CID', showCid = true }: { cid: string; title?: string; showCid?: boolean }) {
  const inspected = inspectCid(cid);
  if (!inspected.ok) return <p className="field-error">{inspected.message}</p>;
  const { facts } = inspected;
  return (
    <section className="content-inspector" aria-label={`${title} inspector`}>
      <h3 className="content-side-title">{title}</h3>
      {showCid ? (
        <p className="content-inspector-cid mono">
          {facts.cid} <CopyButton value={facts.cid} label="CID" />
        </p>
      ) : null}
      <dl className="content-facts">
        <dt>Version</dt>
        <dd>CIDv{facts.version}</dd>
        <dt>Multibase</dt>
        <dd>
          {facts.multibase.name}
          {facts.multibase.prefix ? <span className="muted mono"> (prefix {facts.multibase.prefix})</span> : null}
        </dd>
        <dt>Codec</dt>
        <dd>
          {facts.codec.name} <span className="muted mono">0x{facts.codec.code.toString(16)}</span>
        </dd>
        <dt>Multihash function</dt>
        <dd>
          {facts.multihash.name} <span className="muted mono">0x{facts.multihash.code.toString(16)}</span>
        </dd>
        <dt>Multihash length</dt>
        <dd>{countOf(facts.multihash.length, 'byte')}</dd>
        <dt>Digest</dt>
        <dd className="mono content-digest">
          {facts.multihash.digestHex} <CopyButton value={facts.multihash.digestHex} label="digest" />
        </dd>
        <dt>As CIDv{facts.other.version}</dt>
        <dd className={'cid' in facts.other ? 'mono content-digest' : undefined}>
          {'cid' in facts.other ? (
            <>
              <Link href={contentRoute(facts.other.cid)} className="chain-link">
                {facts.other.cid}
              </Link>{' '}
              <CopyButton value={facts.other.cid} label={`CIDv${facts.other.version}`} />
            </>
          ) : (
            <span className="muted">{facts.other.none}</span>
          )}
        </dd>
      </dl>
    </section>
  );
}
