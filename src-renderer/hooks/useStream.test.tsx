import { act, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { LogQuery, LogRunEvent } from '../../src-shared/logs/types';
import { renderWithApp } from '../testing/renderWithApp';
import { useStream } from './useStream';

const query = (fromBlock: string): LogQuery => ({ addresses: [], topics: [], fromBlock, toBlock: '9' });
const progress = { from: '0x0', to: '0x9', blocksCovered: 0, blocksTotal: 10, logs: 0, requests: 0, retries: 0, splits: 0, elapsedMs: 0, etaMs: null };

/** A page that starts a run on a click, as the log-query page does: the stream first, then the state. */
function Runner() {
  const [input, setInput] = useState<{ networkId: string; query: LogQuery } | undefined>();
  const run = useStream('logs.run', input);
  const start = (next: { networkId: string; query: LogQuery }) => {
    run.begin(next);
    setInput(next);
  };
  const started = run.pages.flatMap((page) => (page.kind === 'started' ? [page.runId] : []));
  return (
    <div>
      <button type="button" onClick={() => start({ networkId: 'local', query: query('1') })}>one</button>
      <button type="button" onClick={() => start({ networkId: 'local', query: query('2') })}>two</button>
      <output aria-label="runs">{`${run.status}: ${started.join(',')}`}</output>
    </div>
  );
}

/** Every status EarlyRunner rendered. */
const seen: string[] = [];

/** Begins a run before its first passive effects have run, as a click in the page's first frame does. */
function EarlyRunner() {
  const [input, setInput] = useState<{ networkId: string; query: LogQuery } | undefined>();
  const run = useStream('logs.run', input);
  seen.push(run.status);
  const { begin } = run;
  useLayoutEffect(() => {
    const next = { networkId: 'local', query: query('7') };
    begin(next);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- what the test is about: input set before the first passive effects
    setInput(next);
  }, [begin]);
  const started = run.pages.flatMap((page) => (page.kind === 'started' ? [page.runId] : []));
  return <output aria-label="runs">{`${run.status}: ${started.join(',')}`}</output>;
}

/** A fake `logs.run` that records each query it was asked and starts a run named after it and the count so far. */
function recordingRuns() {
  const asked: string[] = [];
  const api = {
    topics: {
      'logs.run': async (input: { query: LogQuery }, emit: (event: LogRunEvent) => void) => {
        asked.push(String(input.query.fromBlock));
        emit({ kind: 'started', runId: `run-${input.query.fromBlock}-${asked.length}`, progress });
      },
    },
  };
  return { asked, api };
}

describe('useStream', () => {
  it('keeps a run begun before the first effects, and takes it over when the input comes', async () => {
    const { asked, api } = recordingRuns();
    renderWithApp(<EarlyRunner />, { api });
    await expect.poll(() => screen.getByLabelText('runs').textContent).toBe('done: run-7-1');
    expect(asked).toEqual(['7']);
    // Taken over, not cancelled by the first render's effect and asked again.
    expect(seen).not.toContain('cancelled');
  });

  it('asks main in the click that begins a run, and the render that follows takes it over instead of asking again', async () => {
    const { asked, api } = recordingRuns();
    renderWithApp(<Runner />, { api });
    act(() => screen.getByRole('button', { name: 'one' }).click());
    await expect.poll(() => screen.getByLabelText('runs').textContent).toBe('done: run-1-1');
    // Asked once: by the click; the render with the new input took that run over.
    expect(asked).toEqual(['1']);

    // The same query again is a new run; another query replaces it. Each is asked once.
    act(() => screen.getByRole('button', { name: 'one' }).click());
    await expect.poll(() => screen.getByLabelText('runs').textContent).toBe('done: run-1-2');
    act(() => screen.getByRole('button', { name: 'two' }).click());
    await expect.poll(() => screen.getByLabelText('runs').textContent).toBe('done: run-2-3');
    expect(asked).toEqual(['1', '1', '2']);
  });
});
