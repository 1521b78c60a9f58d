import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type uPlot from 'uplot';
import type { GasRange } from '../../../src-shared/gas/gasTypes';
import { useApi } from '../../api/useApi';
import { UPlotChart, type ChartTheme } from '../../components/charts/UPlotChart';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { gasHistoryQuery } from './gasQueries';

const RANGES: { range: GasRange; label: string }[] = [
  { range: 'hour', label: 'Hour' },
  { range: 'day', label: 'Day' },
  { range: 'week', label: 'Week' },
];

const gweiValue = (_u: uPlot, value: number | null) => (value === null || value === undefined ? '—' : `${value.toFixed(value < 1 ? 6 : 3)} gwei`);

/** Where a range's samples come from, in words. */
function sourceWords(fromApi: number, samples: number): string {
  if (fromApi === samples) return 'all from the gas API';
  if (fromApi === 0) return 'all estimated locally from fee history (blocks no poll saw are filled in from the chain)';
  return `${fromApi.toLocaleString('en-US')} from the gas API, the rest estimated locally from fee history (blocks no poll saw are filled in from the chain)`;
}

/** Base fee and the three priority levels over the last hour, day or week, from the samples stored on this machine. */
export function HistoryChart({ networkId }: { networkId: string }) {
  const api = useApi();
  const [range, setRange] = useState<GasRange>('hour');
  const [show, setShow] = useState<'priority' | 'maxFee'>('priority');
  const history = useQuery(gasHistoryQuery(api, networkId, range));
  const options = useCallback(
    (theme: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: { x: { time: true }, y: { range: (_u, min, max) => [0, Math.max(max * 1.1, min + 1e-9)] } },
      axes: [
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid } },
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid }, label: 'gwei', size: 64, values: (_u, ticks) => ticks.map((tick) => (tick < 1 ? tick.toPrecision(2) : tick.toFixed(tick < 10 ? 2 : 0))) },
      ],
      series: [
        { label: 'Time' },
        { label: 'Base fee', stroke: theme.series[0], width: 2, value: gweiValue },
        { label: show === 'priority' ? 'Low priority' : 'Low max fee', stroke: theme.series[1], width: 1.5, value: gweiValue },
        { label: show === 'priority' ? 'Medium priority' : 'Medium max fee', stroke: theme.series[2], width: 1.5, value: gweiValue },
        { label: show === 'priority' ? 'High priority' : 'High max fee', stroke: theme.series[3], width: 1.5, value: gweiValue },
      ],
      cursor: { drag: { x: true, y: false } },
    }),
    [show],
  );
  const data = useMemo<uPlot.AlignedData>(() => {
    const h = history.data;
    if (!h) return [[], [], [], [], []];
    const levels = show === 'priority' ? h.priority : h.maxFee;
    return [h.time, h.baseFee, levels.low, levels.medium, levels.high];
  }, [history.data, show]);
  const samples = history.data?.samples ?? 0;
  return (
    <section className="card gas-chart" aria-labelledby="gas-history-title">
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
      <p className="muted gas-note" data-testid="history-samples">
        {samples === 0
          ? 'No samples stored for this range yet: each poll adds one while the dashboard (or an alert) watches this network.'
          : `${samples.toLocaleString('en-US')} samples stored on this machine${history.data && history.data.time.length < samples ? `, shown as ${history.data.time.length.toLocaleString('en-US')} averages` : ''}; ${sourceWords(history.data?.fromApi ?? 0, samples)}. Drag to zoom, double-click to reset.`}
      </p>
      <UPlotChart options={options} data={data} label={`Base fee and ${show === 'priority' ? 'priority fees' : 'max fees'} over the last ${range}, in gwei`} />
    </section>
  );
}
