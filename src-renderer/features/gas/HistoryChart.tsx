import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { GAS_RANGE_MS, type GasRange } from '../../../src-shared/gas/gasTypes';
import { useApi } from '../../api/useApi';
import { UPlotChart, type ChartTheme } from '../../components/charts/UPlotChart';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { showGwei } from '../../lib/formatGwei';
import { gasHistoryKey, gasHistoryQuery } from './gasQueries';
import { TICK_SPACE, TICK_STEPS, tickLabel, withGaps, xRangeOf } from './historyAxis';
import { HistoryNotes } from './HistoryNotes';

const RANGES: { range: GasRange; label: string }[] = [
  { range: 'hour', label: 'Hour' },
  { range: 'day', label: 'Day' },
  { range: 'week', label: 'Week' },
];
/** Buckets the service averages a range into (its default). */
const POINTS = 720;

const gweiValue = (_u: uPlot, value: number | null) => (value === null || value === undefined ? '—' : `${showGwei(String(value))} gwei`);
/** Room for the fee axis: its longest label (tiny fees have many digits) and the unit beside it. */
const gweiAxisSize = (_u: uPlot, values: string[] | null) => Math.max(56, ...(values ?? []).map((value) => value.length * 7 + 30));
const timeValue = (_u: uPlot, value: number | null) => (value === null || value === undefined ? '—' : new Date(value * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

/**
 * Base fee and the three levels over the last hour, day or week, from the samples stored on this machine. The time
 * axis spans the whole window (stretches without samples stay empty); the drawn span is also on the chart's root as
 * `data-x-min` / `data-x-max` (seconds), read back from uPlot itself.
 */
export function HistoryChart({ networkId, backfilling }: { networkId: string; backfilling: boolean }) {
  const api = useApi();
  const client = useQueryClient();
  const [range, setRange] = useState<GasRange>('hour');
  const [show, setShow] = useState<'priority' | 'maxFee'>('priority');
  const history = useQuery(gasHistoryQuery(api, networkId, range));
  // The feed's first poll (its sample) and, once they are in, the past blocks: the history is read again at once,
  // not at the next refetch.
  const wasBackfilling = useRef(backfilling);
  useEffect(() => {
    if (wasBackfilling.current !== backfilling) void client.invalidateQueries({ queryKey: gasHistoryKey(networkId) });
    wasBackfilling.current = backfilling;
  }, [backfilling, client, networkId]);
  // The window the x axis spans, read by uPlot's range function at each (re)scale; set before the chart's effects.
  const span = useRef({ from: 0, to: 0 });
  useLayoutEffect(() => {
    const to = history.data?.to ?? Math.ceil(Date.now() / 1000);
    span.current = { from: history.data?.from ?? to - GAS_RANGE_MS[range] / 1000, to };
  }, [history.data, range]);
  const options = useCallback(
    (theme: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: {
        x: { time: true, range: (u, min, max) => xRangeOf(u.data[0], min, max, span.current) },
        // From 0 to a tenth above the highest fee; 0 to 1 gwei while there is nothing to draw.
        y: { range: (_u, _min, max) => [0, Number.isFinite(max) && max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid }, space: TICK_SPACE, incrs: TICK_STEPS[range], values: (_u, ticks) => ticks.map((tick) => tickLabel(tick, range)) },
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid }, label: 'gwei', size: gweiAxisSize, values: (_u, ticks) => ticks.map((tick) => showGwei(String(tick))) },
      ],
      series: [
        { label: 'Time', value: timeValue },
        { label: 'Base fee', stroke: theme.series[0], width: 2, value: gweiValue },
        { label: show === 'priority' ? 'Low priority' : 'Low max fee', stroke: theme.series[1], width: 1.5, value: gweiValue },
        { label: show === 'priority' ? 'Medium priority' : 'Medium max fee', stroke: theme.series[2], width: 1.5, value: gweiValue },
        { label: show === 'priority' ? 'High priority' : 'High max fee', stroke: theme.series[3], width: 1.5, value: gweiValue },
      ],
      cursor: { drag: { x: true, y: false } },
      hooks: {
        setScale: [
          (u, key) => {
            if (key !== 'x' || u.scales.x!.min === undefined || u.scales.x!.max === undefined) return;
            u.root.dataset.xMin = String(Math.round(u.scales.x!.min));
            u.root.dataset.xMax = String(Math.round(u.scales.x!.max));
          },
        ],
      },
    }),
    [show, range],
  );
  const data = useMemo<uPlot.AlignedData>(() => {
    const h = history.data;
    if (!h) return [[], [], [], [], []];
    const levels = show === 'priority' ? h.priority : h.maxFee;
    return withGaps(h.time, [h.baseFee, levels.low, levels.medium, levels.high], GAS_RANGE_MS[range] / 1000 / POINTS);
  }, [history.data, show, range]);
  return (
    <section className="card gas-chart" aria-labelledby="gas-history-title" data-testid="gas-history">
      <header className="gas-chart-head">
        <h2 id="gas-history-title" className="section-title">
          History
        </h2>
        <div className="gas-tabs" role="tablist" aria-label="Time range">
          {RANGES.map((entry) => (
            <button key={entry.range} type="button" role="tab" aria-selected={range === entry.range} className={`btn btn-small ${range === entry.range ? 'btn-primary' : ''}`} onClick={() => setRange(entry.range)}>
              {entry.label}
            </button>
          ))}
        </div>
        <div className="gas-tabs" role="group" aria-label="Levels shown">
          <button type="button" aria-pressed={show === 'priority'} className={`btn btn-small ${show === 'priority' ? 'btn-primary' : ''}`} onClick={() => setShow('priority')}>
            Priority fees
          </button>
          <button type="button" aria-pressed={show === 'maxFee'} className={`btn btn-small ${show === 'maxFee' ? 'btn-primary' : ''}`} onClick={() => setShow('maxFee')}>
            Max fees
          </button>
        </div>
      </header>
      {history.error ? <ErrorNotice error={apiErrorOf(history.error)} title="The stored history could not be read" /> : null}
      <HistoryNotes history={history.data} backfilling={backfilling} />
      <UPlotChart options={options} data={data} label={`Base fee and ${show === 'priority' ? 'priority fees' : 'max fees'} over the last ${range}, in gwei`} />
    </section>
  );
}
