import type { TokenChangeView } from '../../../../../src-shared/trace/stateView';
import { AddressLink } from '../../../../components/chain/ChainLinks';
import { DataTable, type DataColumn } from '../../../../components/table/DataTable';
import { formatTokenAmount } from '../../../../lib/formatChain';

const magnitude = (change: string) => (change.startsWith('-') ? change.slice(1) : change);
/** `+1,250.5 GLS` or `−3 TRC`: the net change in the token's units, signed. */
const changeText = (row: TokenChangeView) => `${row.change.startsWith('-') ? '−' : '+'}${formatTokenAmount(magnitude(row.change), row.decimals, row.symbol)}`;

const COLUMNS: DataColumn<TokenChangeView>[] = [
  { id: 'holder', header: 'Holder', value: (row) => row.holder, text: (row) => row.holderLabel ?? row.holder, cell: (row) => <AddressLink address={row.holder} {...(row.holderLabel ? { label: row.holderLabel } : {})} />, width: 'minmax(150px, 1fr)' },
  {
    id: 'token',
    header: 'Token',
    value: (row) => row.symbol ?? row.token,
    text: (row) => row.symbol ?? row.token,
    cell: (row) => <AddressLink address={row.token} isContract label={row.tokenLabel ?? row.symbol ?? undefined} />,
    width: 'minmax(150px, 1fr)',
  },
  {
    id: 'change',
    header: 'Balance change',
    value: (row) => (row.change.startsWith('-') ? -BigInt(magnitude(row.change)) : BigInt(row.change)),
    text: changeText,
    cell: (row) => (
      <span className={`mono ${row.change.startsWith('-') ? 'state-decrease' : 'state-increase'}`} title={`${BigInt(magnitude(row.change)).toString()} raw units`}>
        {changeText(row)}
      </span>
    ),
    width: 'minmax(150px, 200px)',
    align: 'end',
  },
];

/** Each holder's net change of each token, in the token's units, from the transaction's Transfer logs. */
export function TokenChanges({ tokens }: { tokens: readonly TokenChangeView[] }) {
  return (
    <section className="card explorer-section" aria-labelledby="tx-token-changes">
      <h2 id="tx-token-changes" className="section-title">
        Token balance changes ({tokens.length})
      </h2>
      {tokens.length === 0 ? (
        <p className="muted">No ERC-20 Transfer event in this transaction: no token balance changed by one.</p>
      ) : (
        <DataTable rows={tokens} columns={COLUMNS} rowKey={(row) => `${row.token}|${row.holder}`} label="token balance changes" labelOne="token balance change" maxHeight={320} />
      )}
    </section>
  );
}
