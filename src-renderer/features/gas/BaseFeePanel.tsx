import type { GasSnapshot } from '../../../src-shared/gas/gasTypes';
import { CopyButton } from '../../components/CopyButton';
import { CongestionGauge } from './CongestionGauge';
import { gweiOfWei, trendText } from './gasFormat';
import { GAS_TERMS } from './gasTerms';
import { Gwei } from './Gwei';
import { Term } from './Term';
import { groupDigits } from '../../lib/formatQuantity';

/** The base fee now, the next block's (exact, by EIP-1559) and the range of the blocks after, the blob base fee, congestion and trends. */
export function BaseFeePanel({ snapshot }: { snapshot: GasSnapshot }) {
  const { suggestion } = snapshot;
  const baseTrend = trendText(suggestion.baseFeeTrend);
  const priorityTrend = trendText(suggestion.priorityFeeTrend);
  const next = gweiOfWei(snapshot.nextBaseFee);
  return (
    <section className="card gas-base" aria-labelledby="gas-base-title">
      <h2 id="gas-base-title" className="section-title">
        <Term explain={GAS_TERMS.baseFee}>Base fee</Term>
      </h2>
      <div className="gas-base-grid">
        <div className="gas-base-now">
          <span className="muted gas-figure-label">Latest block (#{groupDigits(snapshot.head.number)})</span>
          <span className="gas-figure-row">
            <Gwei gwei={suggestion.estimatedBaseFee} className="gas-figure" testId="base-fee" />
            <span className="gas-unit">gwei</span>
            <CopyButton value={suggestion.estimatedBaseFee} label={`the exact latest base fee (${suggestion.estimatedBaseFee} gwei)`} />
          </span>
          <span className={`gas-trend gas-trend-${suggestion.baseFeeTrend}`} title={`Base fee trend: ${baseTrend.words}`}>
            {baseTrend.arrow} base fee {baseTrend.words}
          </span>
          <span className={`gas-trend gas-trend-${suggestion.priorityFeeTrend}`} title={`Priority fee trend: ${priorityTrend.words}`}>
            {priorityTrend.arrow} priority fees {priorityTrend.words}
          </span>
        </div>
        <div className="gas-base-next">
          <span className="muted gas-figure-label">
            <Term explain={GAS_TERMS.nextBlock}>Next block (#{groupDigits(snapshot.head.number + 1)}), exact</Term>
          </span>
          <span className="gas-figure-row" data-testid="next-base-fee" data-exact-wei={BigInt(snapshot.nextBaseFee).toString()}>
            <Gwei gwei={next} className="gas-figure" />
            <span className="gas-unit">gwei</span>
            <CopyButton value={next} label={`the exact next base fee (${next} gwei)`} />
          </span>
          <table className="gas-next-table">
            <caption className="muted">
              <Term explain={GAS_TERMS.blocksAfter}>The blocks after, empty to full</Term>
            </caption>
            <tbody>
              {snapshot.nextBaseFeeRange.map((step) => (
                <tr key={step.block}>
                  <th scope="row">#{groupDigits(step.block)}</th>
                  <td className="mono">
                    <Gwei gwei={gweiOfWei(step.low)} /> – <Gwei gwei={gweiOfWei(step.high)} /> gwei
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="gas-base-side">
          <CongestionGauge rank={suggestion.networkCongestion} />
          <div className="gas-blob">
            <span className="muted gas-figure-label">
              <Term explain={GAS_TERMS.blobBaseFee}>Blob base fee</Term>
            </span>
            {snapshot.blobBaseFee === null ? (
              <span className="muted">Not offered by this network</span>
            ) : (
              <span className="mono" data-testid="blob-base-fee" data-exact-wei={BigInt(snapshot.blobBaseFee).toString()}>
                <Gwei gwei={gweiOfWei(snapshot.blobBaseFee)} unit /> <span className="muted">({groupDigits(BigInt(snapshot.blobBaseFee))} wei)</span>
              </span>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
