import type { TransactionRow } from '../../../src-shared/api/explorer';
import { AddressLink } from '../../components/chain/ChainLinks';
import type { DataColumn } from '../../components/table/DataTable';

/**
 * A transactions table's "To" column: the recipient, or the contract a creation made ("new 0x…"), with its label.
 * Give it at least 168px: a contract's mark and a short address are never cut, so a narrower track clips them.
 */
export function recipientColumn<Row extends TransactionRow>(width: string, isContract: (address: string) => boolean | undefined = () => undefined): DataColumn<Row> {
  return {
    id: 'to',
    header: 'To',
    width,
    value: (row) => (row.to ?? row.createdContract ?? '').toLowerCase(),
    text: (row) => `${row.toLabel ? `${row.toLabel} ` : ''}${row.to ?? row.createdContract ?? ''}`,
    cell: (row) =>
      row.to ? (
        <AddressLink address={row.to} label={row.toLabel} isContract={isContract(row.to)} copy={false} />
      ) : row.createdContract ? (
        <span className="chain-value">
          new <AddressLink address={row.createdContract} label={row.toLabel} isContract copy={false} />
        </span>
      ) : (
        <span className="muted">new contract</span>
      ),
  };
}
