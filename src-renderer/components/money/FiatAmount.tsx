import type { EthPrice } from '../../../src-shared/api/prices';
import { formatMoney } from '../../lib/money/formatMoney';
import { moneyOfWei } from '../../lib/money/moneyOfWei';
import { useIntlReady } from '../../lib/intlReady';

/**
 * What an amount of wei is worth at a price, rounded for reading (`$0.41`); the exact figure is in the title. Beside
 * an ETH amount, never instead of it: drawn once the window has loaded Intl (lib/intlReady.ts), a moment after a
 * cold page's first frame, at once after that.
 */
export function FiatAmount({ wei, price, testId }: { wei: string | bigint; price: EthPrice; testId?: string }) {
  const intl = useIntlReady();
  if (!intl) return null;
  const exact = moneyOfWei(wei, price);
  return (
    <span
      className="fiat-amount mono"
      title={`${exact} ${price.currency}`}
      data-testid={testId}
      // The round the figure was worked out at, on the figure itself: a reader (a test) gets both in one look.
      data-round={price.source.kind === 'feed' ? price.source.roundId : undefined}
    >
      {formatMoney(exact, price.currency)}
    </span>
  );
}
