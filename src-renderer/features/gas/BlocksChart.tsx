import { useQuery } from '@tanstack/react-query';
import { countOf } from '../../../src-shared/text/countOf';
import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import { useApi } from '../../api/useApi';
import { UPlotChart, type ChartTheme } from '../../components/charts/UPlotChart';
import { ErrorNotice } from '../../components/ErrorNotice';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { showGwei } from '../../lib/formatGwei';
import { gasBlocksQuery } from './gasQueries';

const BLOCKS = 100;

/** Base fee and gas used (as a share of the limit) of each of the latest blocks, from eth_feeHistory. */
export function BlocksChart({ networkId }: { networkId: string }) {
  const api = useApi();
  const blocks = useQuery(gasBlocksQuery(api, networkId, BLOCKS));
  const options = useCallback(
    (theme: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> => ({
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(max * 1.1, 1e-9)] }, ratio: { range: [0, 1] } },
      axes: [
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid }, label: 'block', values: (_u, ticks) => ticks.map((tick) => `#${tick}`) },
        { stroke: theme.text, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid }, label: 'base fee, gwei', size: 64 },
        { scale: 'ratio', side: 1, stroke: theme.text, grid: { show: false }, label: 'gas used', values: (_u, ticks) => ticks.map((tick) => `${Math.round(tick * 100)}%`), size: 56 },
      ],
      series: [
        { label: 'Block', value: (_u, value) => (value === null ? '—' : `#${value}`) },
        { label: 'Gas used', scale: 'ratio', stroke: theme.series[4], fill: `${theme.series[4]}55`, paths: uPlot.paths.bars!({ size: [0.8, 12] }), value: (_u, value) => (value === null ? '—' : `${(value * 100).toFixed(1)}% of the limit`) },
        { label: 'Base fee', stroke: theme.series[0], width: 2, value: (_u, value) => (value === null ? '—' : `${showGwei(String(value))} gwei`) },
      ],
      cursor: { drag: { x: true, y: false } },
    }),
    [],
  );
  const data = useMemo<uPlot.AlignedData>(() => {
    const b = blocks.data;
    return b ? [b.blocks, b.gasUsedRatio, b.baseFee] : [[], [], []];
  }, [blocks.data]);
  return (
    <section className="card gas-chart" aria-labelledby="gas-blocks-title">
      <header className="gas-chart-head">
        <h2 id="gas-blocks-title" className="section-title">
          Latest {countOf(blocks.data ? blocks.data.blocks.length : BLOCKS, 'block')}
        </h2>
        <span className="muted gas-note">Per block, from eth_feeHistory: base fee (line) and gas used against the limit (bars; above 50% the next base fee rises).</span>
      </header>
      {blocks.error ? <ErrorNotice error={apiErrorOf(blocks.error)} title="The latest blocks' fees could not be read" /> : null}
      <UPlotChart options={options} data={data} height={220} label="Base fee and gas used per block over the latest blocks" />
    </section>
  );
}
