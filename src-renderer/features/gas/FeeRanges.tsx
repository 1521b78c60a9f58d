import type { FeeSuggestion } from '../../../src-shared/gas/feeSuggestion';
import type { ReactNode } from 'react';
import { showGwei } from '../../lib/formatGwei';
import { GAS_TERMS } from './gasTerms';
import { Gwei } from './Gwei';
import { Term } from './Term';

/** One range as a bar on a scale from 0 to `scale`, with an optional marker (the current figure). */
function RangeBar({ id, label, range, scale, marker, markerLabel }: { id: string; label: ReactNode; range: [string, string]; scale: number; marker?: string; markerLabel?: string }) {
  const [low, high] = range.map(Number) as [number, number];
  const at = (value: number) => `${Math.min(100, (value / scale) * 100)}%`;
  return (
    <div className="gas-range" data-testid={`range-${id}`}>
      <div className="gas-range-label">
        <span>{label}</span>
        <span className="mono" data-exact={`${range[0]}–${range[1]}`}>
          <Gwei gwei={range[0]} /> – <Gwei gwei={range[1]} /> gwei
        </span>
      </div>
      <div className="gas-range-track" aria-hidden="true">
        <span className="gas-range-fill" style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})` }} />
        {marker !== undefined ? <span className="gas-range-marker" style={{ left: at(Number(marker)) }} title={`${markerLabel ?? ''} ${showGwei(marker)} gwei`} /> : null}
      </div>
    </div>
  );
}

/** The three ranges the gas API gives, as bars: the latest block's priority fees, and priority and base fees over the last 200 blocks. */
export function FeeRanges({ suggestion }: { suggestion: FeeSuggestion }) {
  const priorityScale = Math.max(Number(suggestion.historicalPriorityFeeRange[1]), Number(suggestion.latestPriorityFeeRange[1]), 1e-9) * 1.1;
  const baseScale = Math.max(Number(suggestion.historicalBaseFeeRange[1]), Number(suggestion.estimatedBaseFee), 1e-9) * 1.1;
  return (
    <div className="gas-ranges">
      <RangeBar id="latest-priority" label={<Term explain={GAS_TERMS.latestPriorityFees}>Latest block's priority fees</Term>} range={suggestion.latestPriorityFeeRange} scale={priorityScale} marker={suggestion.medium.suggestedMaxPriorityFeePerGas} markerLabel="medium priority fee" />
      <RangeBar id="priority-200" label={<Term explain={GAS_TERMS.historicalRange}>Priority fees, last 200 blocks</Term>} range={suggestion.historicalPriorityFeeRange} scale={priorityScale} marker={suggestion.medium.suggestedMaxPriorityFeePerGas} markerLabel="medium priority fee" />
      <RangeBar id="base-200" label={<Term explain={GAS_TERMS.historicalRange}>Base fees, last 200 blocks</Term>} range={suggestion.historicalBaseFeeRange} scale={baseScale} marker={suggestion.estimatedBaseFee} markerLabel="latest base fee" />
      <p className="muted gas-note">The marker is the medium priority fee (priority bars) and the latest base fee (base bar).</p>
    </div>
  );
}
