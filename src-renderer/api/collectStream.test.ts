import { describe, expect, it } from 'vitest';
import type { SandboxStatus } from '../../src-shared/api/sandbox';
import { collectStream, type StreamState } from './collectStream';
import { createApiClient } from './createApiClient';
import { createFakeApiClient } from './createFakeApiClient';
import { scriptedTransport } from './testing/scriptedTransport';

describe('collectStream', () => {
  it('collects every page, finishes, and never starts the stream again', async () => {
    let runs = 0;
    // Any topic's handler can end; through the real dispatcher core, it ends as a stream does.
    const api = createFakeApiClient({
      topics: {
        'sandbox.status': async (_input, emit) => {
          runs += 1;
          for (const restarts of [1, 2, 3]) emit({ state: 'running', restarts });
        },
      },
    });
    const states: StreamState<SandboxStatus>[] = [];
    collectStream<SandboxStatus>((handlers) => api.subscribe('sandbox.status', {}, handlers), (state) => states.push(state));
    await expect.poll(() => states.at(-1)?.status).toBe('done');
    expect(states.at(-1)!.pages.map((page) => page.restarts)).toEqual([1, 2, 3]);
    // A second stream through the same client, started after the first was done, runs to its end: a start of the
    // first again would have gone through before it.
    const second: StreamState<SandboxStatus>[] = [];
    collectStream<SandboxStatus>((handlers) => api.subscribe('sandbox.status', {}, handlers), (state) => second.push(state));
    await expect.poll(() => second.at(-1)?.status).toBe('done');
    expect(runs).toBe(2);
  });

  it('fails with the connection error when the connection drops, instead of running again on the next one', () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const states: StreamState<SandboxStatus>[] = [];
    collectStream<SandboxStatus>((handlers) => api.subscribe('sandbox.status', {}, handlers), (state) => states.push(state));
    transport.deliver({ t: 'event', id: 1, payload: { state: 'running', restarts: 0 } });
    transport.setConnected(false);
    transport.setConnected(true);
    expect(states.at(-1)).toMatchObject({ status: 'failed', error: { name: 'ConnectionLostError' }, pages: [{ state: 'running', restarts: 0 }] });
    expect(transport.sent.filter((message) => message.t === 'subscribe')).toHaveLength(1);
  });

  it('a live subscription, by contrast, is started again when the connection is back', () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    api.subscribe('sandbox.status', {}, { onEvent: () => undefined });
    transport.setConnected(false);
    transport.setConnected(true);
    expect(transport.sent.filter((message) => message.t === 'subscribe')).toHaveLength(2);
  });

  it('cancel stops it, keeps the pages, and aborts main', async () => {
    let aborted = false;
    const api = createFakeApiClient({
      topics: {
        'sandbox.status': async (_input, emit, signal) => {
          emit({ state: 'running', restarts: 7 });
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
          aborted = true;
        },
      },
    });
    const states: StreamState<SandboxStatus>[] = [];
    const cancel = collectStream<SandboxStatus>((handlers) => api.subscribe('sandbox.status', {}, handlers), (state) => states.push(state));
    await expect.poll(() => states.at(-1)?.pages.length).toBe(1);
    cancel();
    expect(states.at(-1)).toMatchObject({ status: 'cancelled', pages: [{ restarts: 7 }] });
    await expect.poll(() => aborted).toBe(true);
  });
});
