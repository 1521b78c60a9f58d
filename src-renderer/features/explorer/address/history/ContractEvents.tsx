import { useMemo } from 'react';
import { Link } from '../../../../components/Link';
import type { LogQuery } from '../../../../../src-shared/logs/types';
import { logQueryToSearch } from '../../../../../src-shared/logs/logQueryUrl';
import { DataTable } from '../../../../components/table/DataTable';
import { useRerunUntilSandboxRuns } from '../../../../hooks/useRerunUntilSandboxRuns';
import { useStream } from '../../../../hooks/useStream';
import { formatNumber } from '../../../../lib/formatChain';
import { LOG_COLUMNS, logRowKey } from '../../../../components/chain/logColumns';
import { StreamStatus } from './StreamStatus';
import './history.css';
import { countOf } from '../../../../../src-shared/text/countOf';

/** A table of logs without the emitter's column: every row here is this contract's own (the room goes to what each says). */
const EVENT_COLUMNS = LOG_COLUMNS.filter((column) => column.id !== 'address');

/**
 * Every event a contract emitted, over the whole chain: the log screen's query by address (logs.run: split to fit
 * the node's limits, decoded with the contract's ABI, through its proxy's implementation when it is one), in the
 * log screen's table, with a link to open the same query there (to filter by event, export it, save it).
 */
export function ContractEvents({ networkId, address }: { networkId: string; address: string }) {
  const query: LogQuery = useMemo(() => ({ addresses: [address], topics: [], fromBlock: '0x0', toBlock: 'latest' }), [address]);
  const run = useStream('logs.run', { networkId, query });
  const waitingForSandbox = useRerunUntilSandboxRuns(run);
  const rows = useMemo(() => run.pages.flatMap((event) => (event.kind === 'rows' ? event.rows : [])), [run.pages]);
  const last = run.pages.at(-1);
  const progress = last && 'progress' in last ? last.progress : undefined;
  const finished = run.status === 'done' && run.pages.some((event) => event.kind === 'started');
  return (
    <section className="card explorer-section history-section" aria-labelledby="events-title">
      <h2 id="events-title" className="section-title">
        Events{' '}
        {finished ? <span className="muted explorer-at">{formatNumber(rows.length)} in all</span> : null}
      </h2>
      <p className="muted history-how">
        Every log this contract emitted, from block 0 to the head, found with eth_getLogs by its address (split to fit the node’s
        limits) and decoded with its ABI.{' '}
        <Link href={`/logs?${logQueryToSearch(query)}`}>Open this query on the Logs screen</Link> to filter it by event, export or save it.
      </p>
      {rows.length > 0 ? <DataTable rows={rows} columns={EVENT_COLUMNS} rowKey={logRowKey} label="events" maxHeight={560} initialSort={{ id: 'block', desc: true }} /> : null}
      <StreamStatus
        stream={run}
        waitingForSandbox={waitingForSandbox}
        lookingFor="events"
        progress={progress ? `Reading its logs: block ${formatNumber(progress.blocksCovered)} of ${formatNumber(progress.blocksTotal)} · ${countOf(progress.requests, 'request')}` : 'Reading its logs…'}
        stopped="the list may be missing events"
        failedTitle="The events could not be read"
      />
      {finished && rows.length === 0 ? <p className="muted">This contract has emitted no event.</p> : null}
    </section>
  );
}
