import { useState } from 'react';
import type { LogRow } from '../../../../src-shared/logs/types';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { DataTable } from '../../../components/table/DataTable';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { useFileExport } from '../../../hooks/useFileExport';
import { LogDetail } from './LogDetail';
import { LOG_COLUMNS, logRowKey } from '../../../components/chain/logColumns';
import { countOf } from '../../../../src-shared/text/countOf';


/** The rows of a run in the virtual table (filter, sort, open one for its details), with CSV and JSON exports. */
export function LogResults({ rows, runId, running }: { rows: readonly LogRow[]; runId: string | undefined; running: boolean }) {
  const api = useApi();
  const [open, setOpen] = useState<LogRow | undefined>();
  const { exporter, said: saved } = useFileExport((format: 'csv' | 'json') => api.call('logs.export', { runId: runId!, format }), 'rows');
  return (
    <section className="logs-results" aria-label="Results">
      <header className="logs-card-header">
        <h2 className="section-title">
          Results <span className="muted">{countOf(rows.length, 'log')}</span>
        </h2>
        <div className="logs-export">
          <button type="button" className="btn btn-small" disabled={!runId || exporter.isPending} onClick={() => exporter.mutate('csv')} title={running ? 'Exports the rows found so far' : undefined}>
            Export CSV
          </button>
          <button type="button" className="btn btn-small" disabled={!runId || exporter.isPending} onClick={() => exporter.mutate('json')} title={running ? 'Exports the rows found so far' : undefined}>
            Export JSON
          </button>
        </div>
      </header>
      {saved ? (
        <p className="logs-export-note muted" role="status">
          {saved}
        </p>
      ) : null}
      {exporter.error ? <ErrorNotice error={apiErrorOf(exporter.error)} title="Could not export" /> : null}
      <DataTable
        rows={rows}
        columns={LOG_COLUMNS}
        rowKey={logRowKey}
        label="logs"
        onOpen={setOpen}
        maxHeight={520}
        emptyText={running ? 'No matching logs yet…' : 'No log matches the filter in these blocks.'}
      />
      <p className="field-hint">Enter or a double click opens a log: its decoded arguments, where they were decoded from, and the raw log.</p>
      {open ? <LogDetail row={open} onClose={() => setOpen(undefined)} /> : null}
    </section>
  );
}
