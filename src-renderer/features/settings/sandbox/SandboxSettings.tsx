import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/Link';
import { useApi } from '../../../api/useApi';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { HexValue } from '../../../components/HexValue';
import { Icon } from '../../../components/Icon';
import { InfoList } from '../../../components/InfoList';
import { InfoRow } from '../../../components/InfoRow';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { StatusDot } from '../../../components/StatusDot';
import { useLiveSubscription } from '../../../hooks/useLiveSubscription';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatQuantity } from '../../../lib/formatQuantity';
import { formatAgo, formatDateTime } from '../../../lib/formatTime';
import { describeSandbox } from './describeSandbox';

/** `/settings/sandbox`: the local sandbox's live state (from the `sandbox.status` topic), Restart and Reset chain. */
export function SandboxSettings() {
  const api = useApi();
  const status = useLiveSubscription('sandbox.status', {});
  const [confirmingReset, setConfirmingReset] = useState(false);
  const restart = useMutation({ mutationFn: () => api.call('sandbox.restart', {}) });
  const reset = useMutation({ mutationFn: () => api.call('sandbox.resetChain', {}), onSuccess: () => setConfirmingReset(false) });
  const sandbox = status.data;
  const busy = restart.isPending || reset.isPending || sandbox?.state === 'starting' || sandbox?.state === 'restarting';

  return (
    <section className="page" aria-labelledby="sandbox-title">
      <PageHeader
        level={2}
        titleId="sandbox-title"
        title="Sandbox"
        description="The local copy of the service: JSON-RPC on a seeded Anvil chain, the gas API and a content store."
        actions={
          <div className="settings-actions">
            <button type="button" className="btn" onClick={() => restart.mutate()} disabled={busy}>
              <Icon name="refresh" />
              {restart.isPending ? 'Restarting…' : 'Restart'}
            </button>
            <button type="button" className="btn btn-link-danger" onClick={() => setConfirmingReset(true)} disabled={busy}>
              Reset chain
            </button>
          </div>
        }
      />
      {sandbox?.state === 'failed' && sandbox.lastError ? (
        <ErrorNotice error={sandbox.lastError} title={sandbox.retrying ? 'Blockglass tries again' : undefined} />
      ) : null}
      {restart.isError ? <ErrorNotice error={apiErrorOf(restart.error)} title="The sandbox did not restart" /> : null}
      {status.error ? <ErrorNotice error={status.error} title="The sandbox's status feed stopped (reconnecting)" /> : null}
      {sandbox === undefined && !status.error ? <LoadingState label="Asking the sandbox…" /> : null}
      {sandbox ? (
        <div className="card">
          <InfoList label="Sandbox status">
            <InfoRow label="State">
              <StatusDot tone={describeSandbox(sandbox.state).tone} label={`Sandbox ${describeSandbox(sandbox.state).label.toLowerCase()}`} />
              <strong>{describeSandbox(sandbox.state).label}</strong>
              {sandbox.state === 'running' && sandbox.since !== undefined ? (
                <span className="muted" title={formatDateTime(sandbox.since)}>
                  since {formatAgo(sandbox.since)}
                </span>
              ) : null}
            </InfoRow>
            <InfoRow label="Restarts after crashes">
              <span className="mono">{sandbox.restarts}</span>
            </InfoRow>
            <InfoRow label="Origin">{sandbox.origin ? <HexValue value={sandbox.origin} label="sandbox origin" /> : <span className="muted">Not running</span>}</InfoRow>
            <InfoRow label="Seeded to block">
              {sandbox.seededToBlock !== undefined ? (
                <Link to={`~/explorer/block/${sandbox.seededToBlock}`} className="mono">
                  {formatQuantity(sandbox.seededToBlock)}
                </Link>
              ) : (
                <span className="muted">—</span>
              )}
            </InfoRow>
            <InfoRow label="Block states kept">
              {sandbox.liveStatesKept !== undefined ? (
                <span>
                  every seeded block’s and the latest <span className="mono">{formatQuantity(sandbox.liveStatesKept)}</span> live blocks’{' '}
                  <span className="muted">(balances, nonces, code and storage at an older live block cannot be read; more with --live-states N)</span>
                </span>
              ) : (
                <span className="muted">—</span>
              )}
            </InfoRow>
            <InfoRow label="Live blocks kept">
              {sandbox.liveBlocksKept !== undefined ? (
                <span>
                  the latest <span className="mono">{formatQuantity(sandbox.liveBlocksKept)}</span>, with their transactions, receipts and logs{' '}
                  <span className="muted">(every seeded block is kept too; older live blocks are dropped as the sandbox runs, so that it stays the same size; more with --live-blocks N)</span>
                </span>
              ) : (
                <span className="muted">—</span>
              )}
            </InfoRow>
            <InfoRow label="Demo content">
              {sandbox.demoContentCid ? (
                <>
                  <Link to={`~/content/${sandbox.demoContentCid}`} className="mono">
                    {sandbox.demoContentCid}
                  </Link>
                </>
              ) : (
                <span className="muted">—</span>
              )}
            </InfoRow>
            <InfoRow label="Last error">{sandbox.lastError ? <ErrorNotice error={sandbox.lastError} /> : <span className="muted">None</span>}</InfoRow>
          </InfoList>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirmingReset}
        title="Reset the local chain?"
        confirmLabel="Reset chain"
        danger
        busy={reset.isPending}
        error={reset.isError ? apiErrorOf(reset.error) : undefined}
        onConfirm={() => reset.mutate()}
        onCancel={() => {
          setConfirmingReset(false);
          reset.reset();
        }}
      >
        This discards the local chain: every block, transaction and balance made since it was seeded, including your own. The sandbox then seeds a fresh chain
        from its fixed seed, which takes a few seconds.
      </ConfirmDialog>
    </section>
  );
}
