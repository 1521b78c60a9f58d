import type { TransactionView } from '../../../../src-shared/api/explorer';
import { TokenAmount } from '../../../components/chain/Amounts';
import { AddressLink } from '../../../components/chain/ChainLinks';

/** The token transfers the transaction's logs record (ERC-20, ERC-721, ERC-1155), one line each. */
export function TransactionTransfers({ transfers }: { transfers: TransactionView['transfers'] }) {
  return (
    <section className="card explorer-section" aria-labelledby="tx-transfers">
      <h2 id="tx-transfers" className="section-title">
        Token transfers ({transfers.length})
      </h2>
      <ul className="explorer-transfers">
        {transfers.map((transfer) => (
          <li key={transfer.logIndex}>
            <span className="badge">{transfer.standard}</span>{' '}
            {transfer.standard === 'ERC-721' ? <span className="mono">#{transfer.tokenId}</span> : <TokenAmount amount={transfer.amount ?? '0'} decimals={transfer.decimals} symbol={transfer.symbol} />} <span className="muted">of</span>{' '}
            <AddressLink address={transfer.token} isContract label={transfer.symbol ?? undefined} /> <span className="muted">from</span> <AddressLink address={transfer.from} /> <span className="muted">to</span> <AddressLink address={transfer.to} />
          </li>
        ))}
      </ul>
    </section>
  );
}
