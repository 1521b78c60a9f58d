import { useState } from 'react';
import { formatEth, formatTokenAmount, type EthUnit } from '../../lib/formatChain';

const NEXT: Record<EthUnit, EthUnit> = { ETH: 'gwei', gwei: 'wei', wei: 'ETH' };

/** An amount of wei, in ETH by default; a click shows it in gwei, then wei (the exact value is in the title). */
export function EthAmount({ wei, unit: initial = 'ETH' }: { wei: string | null | undefined; unit?: EthUnit }) {
  const [unit, setUnit] = useState<EthUnit>(initial);
  if (wei === null || wei === undefined) return <span className="muted">—</span>;
  return (
    <button type="button" className="amount-button mono" title={`${formatEth(wei, 'wei')} · click for ${NEXT[unit]}`} onClick={() => setUnit(NEXT[unit])}>
      {formatEth(wei, unit)}
    </button>
  );
}

/** A token amount in its units, with the raw integer in the title. */
export function TokenAmount({ amount, decimals, symbol }: { amount: string; decimals: number | null; symbol: string | null }) {
  return (
    <span className="mono" title={`${amount} (raw units)`}>
      {formatTokenAmount(amount, decimals, symbol)}
    </span>
  );
}
