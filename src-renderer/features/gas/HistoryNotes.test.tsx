import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GasHistory } from '../../../src-shared/gas/gasTypes';
import { HistoryNotes } from './HistoryNotes';

const TO = Math.floor(Date.UTC(2026, 10, 26, 22, 4) / 1000);
const levels = (values: number[]) => ({ low: values, medium: values, high: values });
function history(samples: number, time: number[]): GasHistory {
  return { networkId: 'local', range: 'hour', samples, from: TO - 3600, to: TO, time, baseFee: time.map(() => 1), priority: levels(time.map(() => 1)), maxFee: levels(time.map(() => 2)), fromApi: samples };
}

describe('the history chart’s notes', () => {
  it('say the window the axis spans, readable as text and as seconds', () => {
    render(<HistoryNotes history={history(1, [TO - 60])} backfilling={false} />);
    const window = screen.getByTestId('history-window');
    expect(window.dataset.from).toBe(String(TO - 3600));
    expect(window.dataset.to).toBe(String(TO));
    expect(window.textContent).toMatch(/^From .+ to .+, [A-Z][a-z]{2} \d{1,2}$/);
    expect(window.querySelectorAll('time')[1]!.dateTime).toBe(new Date(TO * 1000).toISOString());
  });

  it('count samples and averages in the right number', () => {
    const { rerender } = render(<HistoryNotes history={history(1, [TO - 60])} backfilling={false} />);
    expect(screen.getByTestId('history-samples').textContent).toMatch(/^1 sample stored on this machine; all from the gas API\./);
    rerender(<HistoryNotes history={history(5, [TO - 60])} backfilling={false} />);
    expect(screen.getByTestId('history-samples').textContent).toMatch(/^5 samples stored on this machine, shown as 1 average;/);
    rerender(<HistoryNotes history={history(0, [])} backfilling={false} />);
    expect(screen.getByTestId('history-samples').textContent).toMatch(/^No samples stored for this range yet/);
  });

  it('hold the window’s line while the history is read, so nothing below them moves when it arrives', () => {
    const { container, rerender } = render(<HistoryNotes history={undefined} backfilling />);
    const line = container.querySelector('.gas-history-line')!;
    expect(line.textContent).toBe('Reading the stored history…Reading the past blocks’ fees from the chain into this history…');
    rerender(<HistoryNotes history={history(1, [TO - 60])} backfilling={false} />);
    expect(container.querySelector('.gas-history-line')).toBe(line);
    expect(line.children).toHaveLength(1);
    expect(screen.getByTestId('history-window').parentElement).toBe(line);
  });

  it('say while the past blocks are read into the history, and not once they are in', () => {
    const { rerender } = render(<HistoryNotes history={history(1, [TO - 60])} backfilling />);
    expect(screen.getByRole('status').textContent).toBe('Reading the past blocks’ fees from the chain into this history…');
    rerender(<HistoryNotes history={history(40, [TO - 60])} backfilling={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
