import type { LogRow } from '../../../../src-shared/logs/types';
import { AddressLink, BlockLink, TxLink } from '../../../components/chain/ChainLinks';
import { DecodedView } from '../../../components/chain/DecodedView';
import { RawJson } from '../../../components/chain/RawJson';
import { InfoList } from '../../../components/InfoList';
import { InfoRow } from '../../../components/InfoRow';

/** One log opened from the results: where it is, its event decoded with its source, and the raw log. */
export function LogDetail({ row, onClose }: { row: LogRow; onClose: () => void }) {
  const { decoded: _decoded, addressLabel: _label, ...raw } = row;
  return (
    <section className="card logs-detail" aria-label="Log details">
      <header className="logs-card-header">
        <h2 className="section-title">
          Log {Number.parseInt(row.logIndex, 16)} of block {Number.parseInt(row.blockNumber, 16)}
          {row.removed ? <span className="badge badge-danger">removed by a reorganisation</span> : null}
        </h2>
        <button type="button" className="btn btn-ghost btn-small" onClick={onClose}>
          Close
        </button>
      </header>
      <InfoList label="Where the log is">
        <InfoRow label="Block">
          <BlockLink number={row.blockNumber} hash={row.blockHash} />
        </InfoRow>
        <InfoRow label="Transaction">{row.transactionHash ? <TxLink hash={row.transactionHash} full /> : <span className="muted">pending</span>}</InfoRow>
        <InfoRow label="Emitted by">
          <AddressLink address={row.address} {...(row.addressLabel ? { label: row.addressLabel } : {})} full />
        </InfoRow>
      </InfoList>
      <DecodedView decoding={row.decoded} raw={raw} rawLabel="Raw log" />
      <RawJson value={raw} label="Raw log" />
    </section>
  );
}
