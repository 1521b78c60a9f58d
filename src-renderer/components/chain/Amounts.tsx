import { useState, type ClipboardEvent } from 'react';
import { exactEth, exactTokenAmount, formatEth, formatTokenAmount, type EthUnit } from '../../lib/formatChain';

const NEXT: Record<EthUnit, EthUnit> = { ETH: 'gwei', gwei: 'wei', wei: 'ETH' };

/** A copy of a rounded amount gives the exact one: every digit, no grouping. */
const copyExact = (exact: string) => (event: ClipboardEvent) => {
  event.clipboardData.setData('text/plain', exact);
  event.preventDefault();
};

/** An amount of wei, in ETH by default, rounded for reading; a click shows it in gwei, then wei (the exact value is in the title, and is what a copy gives). */
export function EthAmount({ wei, unit: initial = 'ETH' }: { wei: string | null | undefined; unit?: EthUnit }) {
  const [unit, setUnit] = useState<EthUnit>(initial);
  if (wei === null || wei === undefined) return <span className="muted">—</span>;
  return (
    <button type="button" className="amount-button mono" title={`${formatEth(wei, 'wei')} · click for ${NEXT[unit]}`} onClick={() => setUnit(NEXT[unit])} onCopy={copyExact(`${exactEth(wei)} ETH`)}>
      {formatEth(wei, unit)}
    </button>
  );
}

/**
 * A token amount in its units, rounded for reading (`6,400 GLS`); the raw integer is in the title and a click away
 * (a second click goes back), and a copy gives the exact amount in units.
 */
export function TokenAmount({ amount, decimals, symbol }: { amount: string; decimals: number | null; symbol: string | null }) {
  const [raw, setRaw] = useState(false);
  const exact = `${exactTokenAmount(amount, decimals)}${symbol ? ` ${symbol}` : ''}`;
  if (decimals === null) return <span className="mono" title={`${amount} (raw units)`}>{formatTokenAmount(amount, decimals, symbol)}</span>;
  return (
    <button type="button" className="amount-button mono" title={`${amount} (raw units)`} onClick={() => setRaw(!raw)} onCopy={copyExact(raw ? amount : exact)}>
      {raw ? `${amount} raw units` : formatTokenAmount(amount, decimals, symbol)}
    </button>
  );
}
