import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../api/useApi';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { traceQuery } from '../../explorerQueries';
import { CallTree } from './CallTree';
import { InternalTransfers } from './InternalTransfers';
import { TraceSummaryLine } from './TraceSummaryLine';
import './trace.css';

/** The Trace tab: what the call tree holds and where it came from, the tree itself, and the ETH it moved inside. */
export function TraceTab({ networkId, hash }: { networkId: string; hash: string }) {
  const api = useApi();
  const trace = useQuery(traceQuery(api, networkId, hash));
  if (trace.isPending) return <LoadingState label="Tracing the transaction: its calls, from the node or replayed here…" />;
  if (trace.isError) return <ErrorNotice error={apiErrorOf(trace.error)} title="This transaction could not be traced" onRetry={() => void trace.refetch()} />;
  return (
    <>
      <section className="card explorer-section" aria-labelledby="tx-trace">
        <h2 id="tx-trace" className="section-title">
          Call tree
        </h2>
        <TraceSummaryLine trace={trace.data} />
        <CallTree trace={trace.data} />
      </section>
      <InternalTransfers root={trace.data.root} />
    </>
  );
}
