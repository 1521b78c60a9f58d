import { useState } from 'react';
import { Link } from '../../components/Link';
import { contentRoute } from '../../../src-shared/content/contentPath';
import { inspectCid } from '../../../src-shared/content/inspectCid';
import { countOf } from '../../../src-shared/text/countOf';
import { CopyButton } from '../../components/CopyButton';
import { shortHex } from '../../lib/formatChain';
import { JsonTree } from './JsonTree';

/** The parts of Solidity's metadata file the folder shows. */
export interface SolidityMetadata {
  contract: string | undefined;
  compiler: string | undefined;
  abi: unknown[];
  sources: { path: string; cid: string | undefined; license: string | undefined }[];
}

/** Solidity's metadata JSON (`language`, `output.abi`, `sources` with `dweb:/ipfs/` URLs), or undefined. */
export function solidityMetadataOf(value: unknown): SolidityMetadata | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const meta = value as { language?: unknown; compiler?: { version?: unknown }; output?: { abi?: unknown }; sources?: unknown; settings?: { compilationTarget?: unknown } };
  if (meta.language !== 'Solidity' && meta.language !== 'Vyper') return undefined;
  if (!Array.isArray(meta.output?.abi) || typeof meta.sources !== 'object' || meta.sources === null) return undefined;
  const target = meta.settings?.compilationTarget;
  const contract = typeof target === 'object' && target !== null ? Object.values(target as Record<string, unknown>).find((name) => typeof name === 'string') : undefined;
  const sources = Object.entries(meta.sources as Record<string, { urls?: unknown; license?: unknown }>).map(([path, source]) => {
    const urls = Array.isArray(source?.urls) ? source.urls.filter((url): url is string => typeof url === 'string') : [];
    const ipfs = urls.map((url) => /^dweb:\/ipfs\/(\w+)$/.exec(url)?.[1]).find((cid) => cid !== undefined && inspectCid(cid).ok);
    return { path, cid: ipfs, license: typeof source?.license === 'string' ? source.license : undefined };
  });
  return { contract: contract as string | undefined, compiler: typeof meta.compiler?.version === 'string' ? meta.compiler.version : undefined, abi: meta.output.abi, sources };
}

/** A contract's metadata as a folder: its ABI, and each source file by its CID in this store. */
export function MetadataFolder({ metadata }: { metadata: SolidityMetadata }) {
  const [showAbi, setShowAbi] = useState(false);
  const abiText = JSON.stringify(metadata.abi, null, 2);
  return (
    <section className="content-metadata" aria-label="Contract metadata">
      <h3 className="section-title">
        Contract metadata{metadata.contract ? `: ${metadata.contract}` : ''}
        {metadata.compiler ? <span className="muted"> · solc {metadata.compiler}</span> : null}
      </h3>
      <table className="content-metadata-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">What</th>
            <th scope="col">CID</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <button type="button" className="btn btn-small" aria-expanded={showAbi} onClick={() => setShowAbi(!showAbi)}>
                abi.json
              </button>
            </td>
            <td>
              ABI, {countOf(metadata.abi.length, 'entry', 'entries')} <CopyButton value={abiText} label="ABI" />
            </td>
            <td className="muted">in this file</td>
          </tr>
          {metadata.sources.map((source) => (
            <tr key={source.path}>
              <td>
                {source.cid ? (
                  <Link href={contentRoute(source.cid, [], source.path.split('/').pop() ?? source.path)} className="chain-link">
                    {source.path}
                  </Link>
                ) : (
                  source.path
                )}
              </td>
              <td>Source{source.license ? ` (${source.license})` : ''}</td>
              <td className="mono content-metadata-cid">
                {source.cid ? (
                  <>
                    <span title={source.cid}>{shortHex(source.cid)}</span> <CopyButton value={source.cid} label="CID" />
                  </>
                ) : (
                  <span className="muted">not on IPFS</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {showAbi ? <JsonTree value={metadata.abi} /> : null}
    </section>
  );
}
