import { FEE_LEVELS, type FeeLevel } from '../../../src-shared/gas/feeSuggestion';
import type { GasSnapshot } from '../../../src-shared/gas/gasTypes';
import { gweiToWei } from '../../../src-shared/gas/gwei';
import { formatEth } from '../../lib/formatChain';
import { CopyButton } from '../../components/CopyButton';
import { costWei, showWait, TOKEN_TRANSFER_GAS, TRANSFER_GAS } from './gasFormat';
import { GAS_TERMS } from './gasTerms';
import { Gwei } from './Gwei';
import { Term } from './Term';

const TITLES: Record<FeeLevel, { name: string; hint: string }> = {
  low: { name: 'Low', hint: 'Cheapest; may wait a few blocks' },
  medium: { name: 'Medium', hint: 'Usual choice; next block or two' },
  high: { name: 'High', hint: 'Urgent; the next block' },
};

/**
 * The three levels: max fee and priority fee (gwei, as the source gave them), the wait, and what a plain transfer
 * and a token transfer cost: likely (next base fee + priority fee) and at most (max fee).
 */
export function LevelCards({ snapshot }: { snapshot: GasSnapshot }) {
  const next = BigInt(snapshot.nextBaseFee);
  return (
    <section className="gas-levels" aria-label="Fee levels">
      {FEE_LEVELS.map((level) => {
        const fees = snapshot.suggestion[level];
        const tip = gweiToWei(fees.suggestedMaxPriorityFeePerGas);
        const cap = gweiToWei(fees.suggestedMaxFeePerGas);
        const likely = next + tip < cap ? next + tip : cap;
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
              <div>
                <dt>Transfer (21,000 gas)</dt>
                <dd title={`at most ${formatEth(costWei(TRANSFER_GAS, fees.suggestedMaxFeePerGas), 'ETH', 18)}`}>
                  {formatEth(TRANSFER_GAS * likely, 'ETH', 8)}
                  <span className="muted gas-at-most">at most {formatEth(TRANSFER_GAS * cap, 'ETH', 8)}</span>
                </dd>
              </div>
              <div>
                <dt>Token transfer (≈65,000 gas)</dt>
                <dd title={`at most ${formatEth(costWei(TOKEN_TRANSFER_GAS, fees.suggestedMaxFeePerGas), 'ETH', 18)}`}>
                  {formatEth(TOKEN_TRANSFER_GAS * likely, 'ETH', 8)}
                  <span className="muted gas-at-most">at most {formatEth(TOKEN_TRANSFER_GAS * cap, 'ETH', 8)}</span>
                </dd>
              </div>
            </dl>
            <p className="muted gas-note">Costs: likely (next base fee + priority fee), and at most (max fee), per the gas shown.</p>
          </article>
        );
      })}
    </section>
  );
}
