import type { GasSnapshot } from '../../../src-shared/gas/gasTypes';
import { formatEth } from '../../lib/formatChain';
import { CongestionGauge } from './CongestionGauge';
import { showGwei, trendText } from './gasFormat';

/** The base fee now, the next block's (exact, by EIP-1559) and the range of the blocks after, the blob base fee, congestion and trends. */
export function BaseFeePanel({ snapshot }: { snapshot: GasSnapshot }) {
  const { suggestion } = snapshot;
  const baseTrend = trendText(suggestion.baseFeeTrend);
  const priorityTrend = trendText(suggestion.priorityFeeTrend);
  return (
    <section className="card gas-base" aria-labelledby="gas-base-title">
      <h2 id="gas-base-title" className="section-title">
        Base fee
      </h2>
      <div className="gas-base-grid">
        <div className="gas-base-now">
          <span className="muted gas-figure-label">Latest block (#{snapshot.head.number.toLocaleString('en-US')})</span>
          <span className="gas-figure" data-testid="base-fee" data-exact={suggestion.estimatedBaseFee}>
            {showGwei(suggestion.estimatedBaseFee)} <span className="gas-unit">gwei</span>
          </span>
          <span className={`gas-trend gas-trend-${suggestion.baseFeeTrend}`} title={`Base fee trend: ${baseTrend.words}`}>
            {baseTrend.arrow} base fee {baseTrend.words}
          </span>
          <span className={`gas-trend gas-trend-${suggestion.priorityFeeTrend}`} title={`Priority fee trend: ${priorityTrend.words}`}>
            {priorityTrend.arrow} priority fees {priorityTrend.words}
          </span>
        </div>
        <div className="gas-base-next">
          <span className="muted gas-figure-label">Next block (#{(snapshot.head.number + 1).toLocaleString('en-US')}), exact</span>
          <span className="gas-figure" data-testid="next-base-fee" data-exact-wei={BigInt(snapshot.nextBaseFee).toString()}>
            {formatEth(snapshot.nextBaseFee, 'gwei', 9).replace(' gwei', '')} <span className="gas-unit">gwei</span>
          </span>
          <table className="gas-next-table">
            <caption className="muted">The blocks after, empty to full</caption>
            <tbody>
              {snapshot.nextBaseFeeRange.map((step) => (
                <tr key={step.block}>
                  <th scope="row">#{step.block.toLocaleString('en-US')}</th>
                  <td className="mono">
                    {showGwei(formatEth(step.low, 'gwei', 9).replace(' gwei', '').replace(/,/g, ''))} – {showGwei(formatEth(step.high, 'gwei', 9).replace(' gwei', '').replace(/,/g, ''))} gwei
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="gas-base-side">
          <CongestionGauge rank={suggestion.networkCongestion} />
          <div className="gas-blob">
            <span className="muted gas-figure-label">Blob base fee</span>
            {snapshot.blobBaseFee === null ? (
              <span className="muted">Not offered by this network</span>
            ) : (
              <span className="mono" data-testid="blob-base-fee">
                {formatEth(snapshot.blobBaseFee, 'gwei', 9)} <span className="muted">({BigInt(snapshot.blobBaseFee).toLocaleString('en-US')} wei)</span>
              </span>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
