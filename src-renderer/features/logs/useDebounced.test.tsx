import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useDebounced } from './useDebounced';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

let seen: unknown[] = [];
function Probe({ value }: { value: unknown }) {
  seen.push(useDebounced(value, 400));
  return null;
}

it('gives nothing until the value has been still for the wait, from the first render too', () => {
  seen = [];
  const view = render(<Probe value={{ a: 1 }} />);
  expect(seen.at(-1)).toBeUndefined();
  act(() => vi.advanceTimersByTime(399));
  expect(seen.at(-1)).toBeUndefined();
  act(() => vi.advanceTimersByTime(1));
  expect(seen.at(-1)).toEqual({ a: 1 });
  // A change restarts the wait; an equal object does not.
  view.rerender(<Probe value={{ a: 2 }} />);
  act(() => vi.advanceTimersByTime(300));
  view.rerender(<Probe value={{ a: 2 }} />);
  act(() => vi.advanceTimersByTime(100));
  expect(seen.at(-1)).toEqual({ a: 2 });
  view.rerender(<Probe value={{ a: 3 }} />);
  act(() => vi.advanceTimersByTime(200));
  expect(seen.at(-1)).toEqual({ a: 2 });
  act(() => vi.advanceTimersByTime(200));
  expect(seen.at(-1)).toEqual({ a: 3 });
});
