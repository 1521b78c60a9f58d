import type { GasHistory } from '../../../src-shared/gas/gasTypes';
import { countOf } from '../../../src-shared/text/countOf';
import { windowWords } from './historyAxis';
import './HistoryNotes.css';
import { groupDigits } from '../../../src-shared/text/groupDigits';

/** Where a range's samples come from, in words. */
function sourceWords(fromApi: number, samples: number): string {
  if (fromApi === samples) return 'all from the gas API';
  if (fromApi === 0) return 'all estimated locally from fee history (blocks no poll saw are filled in from the chain)';
  return `${groupDigits(fromApi)} from the gas API, the rest estimated locally from fee history (blocks no poll saw are filled in from the chain)`;
}

/**
 * What the history chart shows, in words above it: the window its time axis spans (also as `data-from` / `data-to`,
 * seconds since the epoch, and `<time>` elements), how many samples it holds and where they come from, and, while
 * the feed reads the past blocks into the history, that it is doing so.
 */
export function HistoryNotes({ history, backfilling }: { history: GasHistory | undefined; backfilling: boolean }) {
  const samples = history?.samples ?? 0;
  const shown = history?.time.length ?? 0;
  return (
    <div className="gas-history-notes">
      {/* One line whatever loads: the window (or that it is being read) with the backfill beside it, so nothing
          below moves as the history arrives and the past blocks are read (a click aimed at the alert form below
          once landed on the page instead). */}
      <div className="gas-history-line">
        {history ? (
          <p className="gas-history-window" data-testid="history-window" data-from={history.from} data-to={history.to}>
            <time dateTime={new Date(history.from * 1000).toISOString()} hidden />
            <time dateTime={new Date(history.to * 1000).toISOString()} hidden />
            {windowWords(history.from, history.to)}
          </p>
        ) : (
          <p className="gas-history-window muted">Reading the stored history…</p>
        )}
        {backfilling ? (
          <p className="gas-history-backfill" role="status" data-testid="history-backfill">
            <span className="spinner" aria-hidden="true" />
            Reading the past blocks’ fees from the chain into this history…
          </p>
        ) : null}
      </div>
      <p className="muted gas-note" data-testid="history-samples">
        {samples === 0
          ? 'No samples stored for this range yet: each poll adds one while the dashboard (or an alert) watches this network.'
          : `${countOf(samples, 'sample')} stored on this machine${shown < samples ? `, shown as ${countOf(shown, 'average')}` : ''}; ${sourceWords(history?.fromApi ?? 0, samples)}. Drag across the chart to zoom in, double-click to see the whole range again.`}
      </p>
    </div>
  );
}
