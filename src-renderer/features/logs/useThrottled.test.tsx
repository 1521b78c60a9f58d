import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useThrottled } from './useThrottled';

/** Renders the hook and records, per committed render, the value it gave. */
function Probe({ value, ms, flush, seen }: { value: number; ms: number; flush: boolean; seen: number[] }) {
  const shown = useThrottled(value, ms, flush);
  seen.push(shown);
  return <output>{shown}</output>;
}

describe('useThrottled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes each value through in the render that brings it while flushing, with no second render', () => {
    const seen: number[] = [];
    const { rerender, container } = render(<Probe value={1} ms={400} flush seen={seen} />);
    seen.length = 0;
    rerender(<Probe value={2} ms={400} flush seen={seen} />);
    expect(seen[0]).toBe(2); // not the old value first, then the new one a render later
    act(() => void vi.runAllTimers());
    expect(container.textContent).toBe('2');
    expect(seen.every((value) => value === 2)).toBe(true);
  });

  it('keeps showing the last flushed value when flushing ends, then holds changes for the wait and shows the latest', () => {
    const seen: number[] = [];
    const { rerender, container } = render(<Probe value={1} ms={400} flush seen={seen} />);
    rerender(<Probe value={2} ms={400} flush seen={seen} />);
    seen.length = 0;
    rerender(<Probe value={3} ms={400} flush={false} seen={seen} />);
    expect(container.textContent).toBe('2'); // the last value that went through, never back to 1
    rerender(<Probe value={4} ms={400} flush={false} seen={seen} />);
    act(() => void vi.advanceTimersByTime(399));
    expect(container.textContent).toBe('2');
    act(() => void vi.advanceTimersByTime(1));
    expect(container.textContent).toBe('4');
    expect(seen).not.toContain(3); // a value replaced during the wait is never drawn
    expect(seen).not.toContain(1);
  });

  it('shows a change at once, on the next tick, when the wait since the last one has passed', () => {
    const seen: number[] = [];
    const { rerender, container } = render(<Probe value={1} ms={400} flush={false} seen={seen} />);
    act(() => void vi.advanceTimersByTime(1_000));
    rerender(<Probe value={2} ms={400} flush={false} seen={seen} />);
    act(() => void vi.advanceTimersByTime(0));
    expect(container.textContent).toBe('2');
  });
});
