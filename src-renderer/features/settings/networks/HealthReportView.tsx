import type { ApiError } from '../../../../src-shared/api/apiError';
import type { HealthReport, NetworkView } from '../../../../src-shared/api/networks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { InfoList } from '../../../components/InfoList';
import { InfoRow } from '../../../components/InfoRow';
import { LoadingState } from '../../../components/LoadingState';
import { StatusDot } from '../../../components/StatusDot';
import { formatChainId } from '../../../lib/formatChainId';
import { formatQuantity } from '../../../lib/formatQuantity';
import { formatLatency } from '../../../lib/formatTime';

/**
 * The answer of "Test connection": chain id (and a mismatch), head block and latency, or why it failed
 * (the report's own error, or the call's), as the error's short message and details.
 */
export function HealthReportView({ network, pending, report, error }: { network: NetworkView; pending: boolean; report?: HealthReport; error?: ApiError }) {
  if (pending) return <LoadingState label={`Testing ${network.name}…`} />;
  const failure = error ?? (report && !report.ok ? (report.error ?? { name: 'HealthCheckFailed', kind: 'unreachable' as const, shortMessage: `${network.name} did not answer` }) : undefined);
  if (failure) return <ErrorNotice error={failure} title="Connection failed" />;
  if (!report) return null;

  return (
    <div className="health-report" role="status" aria-label={`Connection test of ${network.name}`}>
      <InfoList>
        <InfoRow label="Result">
          {report.chainIdMismatch ? (
            <>
              <StatusDot tone="warn" label="Chain id mismatch" />
              <strong className="health-report-warn">Chain id mismatch</strong>
              <span className="muted">
                the node reports {formatChainId(report.chainId)}, the network is set to {formatChainId(report.expectedChainId)}
              </span>
            </>
          ) : (
            <>
              <StatusDot tone="ok" label="Connected" />
              <strong>Connected</strong>
            </>
          )}
        </InfoRow>
        <InfoRow label="Chain id">
          <span className="mono">{formatChainId(report.chainId)}</span>
        </InfoRow>
        <InfoRow label="Head block">
          <span className="mono">{report.head ? formatQuantity(report.head.number) : '—'}</span>
        </InfoRow>
        <InfoRow label="Latency">
          <span className="mono">{formatLatency(report.latencyMs)}</span>
        </InfoRow>
      </InfoList>
    </div>
  );
}
