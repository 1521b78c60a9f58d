import { Link } from '../Link';
import type { EthPriceView } from '../../../src-shared/api/prices';
import { formatMoney } from '../../lib/money/formatMoney';
import { formatDateTime } from '../../lib/formatTime';
import { pricePerEth } from '../../lib/money/moneyOfWei';
import { useIntlReady } from '../../lib/intlReady';
import { AddressLink } from '../chain/ChainLinks';
import './money.css';

const time = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * Where a price came from, in words, with its time: `at $3,012.45 per ETH, Chainlink-style feed 0x…, round 12,
 * updated 12:03:11` or `at €2,750.50 per ETH, set by you 14:20:05`; a stale round is said so; no price is said too,
 * with a link to where a price is set (`setPriceHref`; null where the page is that place).
 */
export function PriceSource({ view, setPriceHref = '/gas' }: { view: EthPriceView; setPriceHref?: string | null }) {
  const { price } = view;
  // Money and local times need Intl: drawn once the window has loaded it (lib/intlReady.ts).
  const intl = useIntlReady();
  if (price && !intl) return null;
  if (!price) {
    return (
      <span className="price-source muted" data-testid="price-source">
        No price for ETH here: {view.note ?? 'this network has no price feed.'}
        {setPriceHref ? (
          <>
            {' '}
            <Link href={setPriceHref}>Set a price on the gas page</Link>.
          </>
        ) : null}
      </span>
    );
  }
  const per = formatMoney(pricePerEth(price), price.currency);
  const source = price.source;
  if (source.kind === 'user') {
    return (
      <span className="price-source muted" data-testid="price-source" data-source="user">
        at <span data-testid="price-per-eth">{per}</span> per ETH, set by you{' '}
        <time dateTime={new Date(source.setAt).toISOString()} title={formatDateTime(source.setAt)}>
          {formatDateTime(source.setAt)}
        </time>
        {view.note && view.feed ? <span> ({view.note})</span> : null}
      </span>
    );
  }
  const updated = source.updatedAt * 1000;
  return (
    <span className="price-source muted" data-testid="price-source" data-source="feed" data-round={source.roundId} data-block={source.block}>
      at <span data-testid="price-per-eth">{per}</span> per ETH, {source.listedBy === 'sandbox' ? 'Chainlink-style feed' : 'Chainlink feed'} {source.description}{' '}
      <AddressLink address={source.address} isContract />, round {source.roundId}, updated{' '}
      <time dateTime={new Date(updated).toISOString()} title={formatDateTime(updated)}>
        {time(updated)}
      </time>
      {source.stale ? (
        <span className="badge badge-warn price-stale" title={`The feed promises a round at least every ${source.staleAfterSeconds} s.`}>
          stale: no new round for over {Math.round(source.staleAfterSeconds / 60)} min
        </span>
      ) : null}
    </span>
  );
}
