import type { ApiError } from '../../../../src-shared/api/apiError';
import type { LogPreflight } from '../../../../src-shared/logs/types';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Icon } from '../../../components/Icon';
import { formatNumber } from '../../../lib/formatChain';
import { countOf } from '../../../../src-shared/text/countOf';

const seconds = (value: number) => (value < 1 ? 'under a second' : value < 90 ? `about ${Math.round(value)} s` : `about ${Math.round(value / 60)} min`);

/** What the app expects of the query before it runs: limits, the estimated result count, the plan, and warnings. */
export function PreflightPanel({ preflight, checking, error }: { preflight: LogPreflight | undefined; checking: boolean; error: ApiError | undefined }) {
  if (error) return <ErrorNotice error={error} title="Could not check the query" />;
  if (!preflight) return <p className="muted logs-preflight-empty">{checking ? 'Checking the query against the service’s limits…' : 'Fix the filter to see what it will ask of the service.'}</p>;
  const { estimate } = preflight;
  return (
    <section className="logs-preflight" aria-label="Before it runs" aria-busy={checking}>
      <dl className="logs-facts">
        <div>
          <dt>Blocks</dt>
          <dd>
            {formatNumber(BigInt(preflight.from))} – {formatNumber(BigInt(preflight.to))} <span className="muted">({countOf(preflight.span.blocks, 'block')}; limit {formatNumber(preflight.span.limit)} per request)</span>
          </dd>
        </div>
        <div>
          <dt>Addresses and topics</dt>
          <dd>
            {formatNumber(preflight.params.count)} <span className="muted">(limit {formatNumber(preflight.params.limit)})</span>
          </dd>
        </div>
        <div>
          <dt>Matching logs</dt>
          <dd>
            {estimate.exact ? formatNumber(estimate.logs) : `about ${formatNumber(estimate.logs)}`}{' '}
            <span className="muted">
              {estimate.exact
                ? '(counted)'
                : estimate.sampledBlocks > 0
                  ? `(estimated from ${countOf(estimate.sampledBlocks, 'sampled block')}; between ${formatNumber(estimate.low)} and ${formatNumber(estimate.high)})`
                  : '(not estimated)'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>
            {countOf(preflight.plan.requests, 'request')}, {seconds(preflight.plan.seconds)}
          </dd>
        </div>
      </dl>
      {preflight.warnings.length ? (
        <ul className="logs-warnings" aria-label="Warnings">
          {preflight.warnings.map((warning) => (
            <li key={warning.message} className="logs-warning" role="alert">
              <Icon name="warning" size={14} /> {warning.message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="logs-ok">Within the service’s limits: one request per {countOf(preflight.span.limit, 'block')}.</p>
      )}
    </section>
  );
}
