import type { EthPrice, TypicalGas } from '../../../src-shared/api/prices';
import { FiatAmount } from '../../components/money/FiatAmount';
import { formatEth, formatNumber } from '../../lib/formatChain';

const NAMES: Record<TypicalGas['kind'], string> = { transfer: 'Transfer', 'token-transfer': 'Token transfer', swap: 'Swap' };

/** Where a gas figure came from, in a few words. */
function basisText(row: TypicalGas): string {
  if (row.basis === 'protocol') return `${formatNumber(row.gas)} gas`;
  if (row.basis === 'receipt') return `${formatNumber(row.gas)} gas, a seeded one's receipt`;
  return `≈${formatNumber(row.gas)} gas, typical`;
}

/**
 * What a transfer, a token transfer and a swap cost at one level: likely (next base fee + priority fee) in ETH and
 * in the price's currency, and at most (the max fee) beneath.
 */
export function LevelCosts({ rows, likely, cap, price, level }: { rows: TypicalGas[]; likely: bigint; cap: bigint; price: EthPrice | null; level: string }) {
  return (
    <>
      {rows.map((row) => {
        const gas = BigInt(row.gas);
        return (
          <div key={row.kind} className="gas-cost" data-kind={row.kind}>
            <dt title={row.transaction ? `gasUsed of ${row.transaction}` : undefined}>
              {NAMES[row.kind]} <span className="gas-cost-basis">({basisText(row)})</span>
            </dt>
            <dd>
              {formatEth(gas * likely, 'ETH', 8)}
              {price ? (
                <>
                  {' · '}
                  <FiatAmount wei={gas * likely} price={price} testId={`cost-${row.kind}-${level}`} />
                </>
              ) : null}
              <span className="muted gas-at-most">
                at most {formatEth(gas * cap, 'ETH', 8)}
                {price ? (
                  <>
                    {' · '}
                    <FiatAmount wei={gas * cap} price={price} />
                  </>
                ) : null}
              </span>
            </dd>
          </div>
        );
      })}
    </>
  );
}
