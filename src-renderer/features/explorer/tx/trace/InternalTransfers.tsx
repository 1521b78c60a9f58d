import { useMemo } from 'react';
import type { TraceFrameView } from '../../../../../src-shared/trace/traceView';
import { EthAmount } from '../../../../components/chain/Amounts';
import { AddressLink } from '../../../../components/chain/ChainLinks';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { formatEth } from '../../../../lib/formatChain';
import { internalTransfersOf, type InternalTransfer } from './internalTransfers';

const COLUMNS: DataColumn<InternalTransfer>[] = [
  { id: 'from', header: 'From', value: (row) => row.from, text: (row) => row.from, cell: (row) => <AddressLink address={row.from} />, width: 'minmax(180px, 1fr)' },
  { id: 'to', header: 'To', value: (row) => row.to ?? '', text: (row) => row.to ?? '', cell: (row) => (row.to ? <AddressLink address={row.to} /> : <span className="muted">no contract created</span>), width: 'minmax(180px, 1fr)' },
  {
    id: 'amount',
    header: 'Amount',
    value: (row) => BigInt(row.value),
    text: (row) => formatEth(row.value),
    cell: (row) => (
      <>
        <EthAmount wei={row.value} />
        {row.failed ? <span className="badge badge-danger trace-undone" title="The frame that sent it failed: the transfer was undone">undone</span> : null}
      </>
    ),
    width: '200px',
    align: 'end',
  },
  { id: 'kind', header: 'By', value: (row) => row.kind, text: (row) => row.kind.toUpperCase(), cell: (row) => <span className="badge">{row.kind.toUpperCase()}</span>, width: '130px' },
];

/** The ETH moved inside the transaction (calls, creations and self-destructs below its own frame), one row each. */
export function InternalTransfers({ root }: { root: TraceFrameView }) {
  const transfers = useMemo(() => internalTransfersOf(root), [root]);
  return (
    <section className="card explorer-section" aria-labelledby="tx-internal-transfers">
      <h2 id="tx-internal-transfers" className="section-title">
        Internal ETH transfers ({transfers.length})
      </h2>
      {transfers.length === 0 ? (
        <p className="muted">No call inside this transaction moved ETH.</p>
      ) : (
        <DataTable rows={transfers} columns={COLUMNS} rowKey={(row) => String(row.index)} label="internal transfers" labelOne="internal transfer" maxHeight={320} />
      )}
    </section>
  );
}
