import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow';

function Age({ id }: { id: number }) {
  const now = useNow(5000);
  return <span data-testid={`age-${id}`}>{Math.round((now - 1_700_000_000_000) / 1000)}</span>;
}

describe('the shared clock of ages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('ticks twenty ages with one timer, in one render per period, and stops when none shows', () => {
    let commits = 0;
    const view = render(
      <Profiler id="ages" onRender={() => void (commits += 1)}>
        {Array.from({ length: 20 }, (_, id) => (
          <Age key={id} id={id} />
        ))}
      </Profiler>,
    );
    expect(screen.getByTestId('age-0').textContent).toBe('0');
    expect(vi.getTimerCount()).toBe(1);
    const before = commits;
    act(() => void vi.advanceTimersByTime(5000));
    expect(commits - before).toBe(1);
    for (let id = 0; id < 20; id++) expect(screen.getByTestId(`age-${id}`).textContent).toBe('5');
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reads the time afresh for an age shown after the clock stopped, and after the system clock was set back', () => {
    const first = render(<Age id={1} />);
    act(() => void vi.advanceTimersByTime(10_000));
    first.unmount();
    vi.setSystemTime(1_700_000_042_000);
    const later = render(<Age id={2} />);
    expect(screen.getByTestId('age-2').textContent).toBe('42');
    later.unmount();
    vi.setSystemTime(1_700_000_003_000);
    render(<Age id={3} />);
    expect(screen.getByTestId('age-3').textContent).toBe('3');
  });
});
