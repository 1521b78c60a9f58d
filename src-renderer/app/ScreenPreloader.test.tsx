import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SandboxStatus } from '../../src-shared/api/sandbox';
import { renderWithApp } from '../testing/renderWithApp';
import { ScreenPreloader } from './ScreenPreloader';

/** The preloader over a `sandbox.status` feed the test drives; `preloads` counts what it started. */
function preloaderOn(waitMs: number) {
  let emit: (status: SandboxStatus) => void = () => {};
  let preloads = 0;
  const preload = () => (preloads += 1);
  const view = renderWithApp(<ScreenPreloader waitMs={waitMs} preload={preload} />, {
    api: {
      topics: {
        'sandbox.status': (_input, send, signal) =>
          new Promise<void>((resolve) => {
            emit = send;
            (signal as AbortSignal).addEventListener('abort', () => resolve());
          }),
      },
    },
  });
  return { view, emit: (status: SandboxStatus) => act(() => emit(status)), preloads: () => preloads };
}

describe('ScreenPreloader', () => {
  it('preloads the screens once the sandbox is up, not while it starts, and once only', async () => {
    const { emit, preloads } = preloaderOn(60_000);
    await expect.poll(() => typeof emit).toBe('function');
    await emit({ state: 'starting', restarts: 0 });
    await act(async () => {}); // its effects have run on that event
    expect(preloads()).toBe(0);
    await emit({ state: 'running', restarts: 0 });
    await expect.poll(preloads).toBe(1);
    await emit({ state: 'restarting', restarts: 1 });
    await emit({ state: 'running', restarts: 1 });
    expect(preloads()).toBe(1);
  });

  it('preloads when the sandbox failed to start or was stopped: nothing is starting', async () => {
    for (const state of ['failed', 'stopped'] as const) {
      const { emit, preloads, view } = preloaderOn(60_000);
      await expect.poll(() => typeof emit).toBe('function');
      await emit({ state: 'starting', restarts: 0 });
      await emit({ state, restarts: 0 });
      await expect.poll(preloads).toBe(1);
      view.unmount();
    }
  });

  it('preloads after its wait however long the sandbox takes to start (a first start seeds for many seconds)', async () => {
    const { emit, preloads } = preloaderOn(30);
    await expect.poll(() => typeof emit).toBe('function');
    await emit({ state: 'starting', restarts: 0 });
    await expect.poll(preloads).toBe(1);
  });
});
