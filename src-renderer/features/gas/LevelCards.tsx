import { FEE_LEVELS, type FeeLevel } from '../../../src-shared/gas/feeSuggestion';
import type { GasSnapshot } from '../../../src-shared/gas/gasTypes';
import type { EthPrice, TypicalGas } from '../../../src-shared/api/prices';
import { CopyButton } from '../../components/CopyButton';
import { showWait } from './gasFormat';
import { levelFeePerGas } from './levelCost';
import { LevelCosts } from './LevelCosts';
import { GAS_TERMS } from './gasTerms';
import { Gwei } from './Gwei';
import { Term } from './Term';

const TITLES: Record<FeeLevel, { name: string; hint: string }> = {
  low: { name: 'Low', hint: 'Cheapest; may wait a few blocks' },
  medium: { name: 'Medium', hint: 'Usual choice; next block or two' },
  high: { name: 'High', hint: 'Urgent; the next block' },
};

/**
 * The three levels: max fee and priority fee (gwei, as the source gave them), the wait, and what a plain transfer,
 * a token transfer and a swap cost, in ETH and the price's currency: likely (next base fee + priority fee) and at
 * most (max fee).
 */
export function LevelCards({ snapshot, typical, price }: { snapshot: GasSnapshot; typical: TypicalGas[]; price: EthPrice | null }) {
  return (
    <section className="gas-levels" aria-label="Fee levels">
      {FEE_LEVELS.map((level) => {
        const fees = snapshot.suggestion[level];
        const { likely, cap } = levelFeePerGas(snapshot, level);
        return (
          <article key={level} className={`card gas-level gas-level-${level}`} aria-label={`${TITLES[level].name} level`} data-level={level}>
            <header className="gas-level-head">
              <h2 className="gas-level-name">{TITLES[level].name}</h2>
              <span className="muted gas-level-hint">{TITLES[level].hint}</span>
            </header>
            <div className="gas-level-fee">
              <Gwei gwei={fees.suggestedMaxFeePerGas} className="gas-figure" testId={`max-fee-${level}`} />
              <span className="gas-unit">gwei</span>
              <CopyButton value={fees.suggestedMaxFeePerGas} label={`the exact ${TITLES[level].name.toLowerCase()} max fee per gas (${fees.suggestedMaxFeePerGas} gwei)`} />
              <span className="muted gas-figure-label">
                <Term explain={GAS_TERMS.maxFeePerGas}>max fee per gas</Term>
              </span>
            </div>
            <dl className="gas-level-facts">
              <div>
                <dt>
                  <Term explain={GAS_TERMS.priorityFee}>Priority fee</Term>
                </dt>
                <dd>
                  <Gwei gwei={fees.suggestedMaxPriorityFeePerGas} unit testId={`priority-fee-${level}`} />
                </dd>
              </div>
              <div>
                <dt>
                  <Term explain={GAS_TERMS.wait}>Wait</Term>
                </dt>
                <dd>{snapshot.blockCadence?.kind === 'onDemand' ? 'none: mined on demand' : showWait(fees.minWaitTimeEstimate, fees.maxWaitTimeEstimate)}</dd>
              </div>
            </dl>
            <dl className="gas-level-facts gas-level-costs" aria-label={`What things cost at the ${TITLES[level].name.toLowerCase()} level`}>
              <LevelCosts rows={typical} likely={likely} cap={cap} price={price} level={level} />
            </dl>
            <p className="muted gas-note">Costs: likely (next base fee + priority fee), and at most (max fee), per the gas shown.</p>
          </article>
        );
      })}
    </section>
  );
}
