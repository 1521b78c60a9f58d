import { useEffect, useEffectEvent, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useThemeSetting } from '../../hooks/useThemeSetting';
import './charts.css';

/** Colours a chart reads from the theme's tokens when it is (re)built. */
export interface ChartTheme {
  text: string;
  grid: string;
  series: string[];
}

/** The theme's chart colours, read from the CSS custom properties of <html>. */
export function readChartTheme(): ChartTheme {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: token('--text-muted'),
    grid: token('--border'),
    series: [token('--chart-1'), token('--chart-2'), token('--chart-3'), token('--chart-4'), token('--chart-5')],
  };
}

/**
 * A uPlot chart that fills its container's width: built from `options(theme)` (rebuilt when the theme or the
 * options' identity changes), fed `data` with setData (cheap, keeps the zoom), resized with the container.
 * Drag across it to zoom in; double-click to zoom out. The legend shows the values under the cursor.
 */
export function UPlotChart({ options, data, height = 260, label }: { options: (theme: ChartTheme) => Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData; height?: number; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const { resolved } = useThemeSetting();
  // Data goes in through setData below; rebuilding on every new sample would drop the zoom. A (re)build
  // starts from the data of the moment, without depending on it.
  const currentData = useEffectEvent(() => data);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const plot = new uPlot({ ...options(readChartTheme()), width: Math.max(200, element.clientWidth), height }, currentData(), element);
    chart.current = plot;
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(200, element.clientWidth), height }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [options, height, resolved]);

  useEffect(() => {
    chart.current?.setData(data, true);
  }, [data]);

  return <div ref={host} className="uplot-host" role="img" aria-label={label} />;
}
