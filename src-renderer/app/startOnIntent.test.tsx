import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApiClient } from '../api/createFakeApiClient';
import { EARLY_FRESH_MS, withEarlyAnswers } from '../api/earlyAnswers';
import { joinFeed } from '../hooks/sharedSubscriptions';
import { networksKey } from '../queries/networks';
import { REST_MS, startOnIntent } from './startOnIntent';

// A link's page asked for when the pointer rests on it or it gets focus; the page's own request, when the link is
// followed, takes that answer over instead of asking again. (jsdom has no PointerEvent: a MouseEvent of the same type
// carries what the listener reads, its target and related target.)

describe('start on intent', () => {
  let asked: string[];
  let stop: () => void;
  let api: ReturnType<typeof withEarlyAnswers>;

  beforeEach(() => {
    vi.useFakeTimers();
    asked = [];
    api = withEarlyAnswers(
      createFakeApiClient({
        methods: {
          'explorer.block': async (input: unknown) => (asked.push(`explorer.block ${JSON.stringify(input)}`), { number: '0xab' }) as never,
          'explorer.transaction': async (input: unknown) => (asked.push(`explorer.transaction ${JSON.stringify(input)}`), {}) as never,
        },
      }),
    );
    const queryClient = new QueryClient();
    queryClient.setQueryData(networksKey, [{ id: 'other', selected: false }, { id: 'mine', selected: true }]);
    document.body.innerHTML = `<nav><a href="/explorer/block/171"><span>Block 171</span></a><a href="/explorer/block/172">172</a><a href="/logs">Logs</a><a href="https://example.org/x">out</a></nav>`;
    stop = startOnIntent(api, queryClient);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  const link = (text: string) => [...document.querySelectorAll('a')].find((anchor) => anchor.textContent === text)!;
  const over = (element: Element, from: Element | null = null) => element.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, relatedTarget: from }));
  const out = (element: Element, to: Element | null) => element.dispatchEvent(new MouseEvent('pointerout', { bubbles: true, relatedTarget: to }));

  it('asks for the page of a link the pointer rests on, once, and the page takes that answer', async () => {
    over(link('Block 171').querySelector('span')!);
    await vi.advanceTimersByTimeAsync(REST_MS);
    expect(asked).toEqual(['explorer.block {"networkId":"mine","block":"171"}']);
    // Resting again within the time an answer is kept asks nothing more.
    out(link('Block 171'), document.body);
    over(link('Block 171'));
    await vi.advanceTimersByTimeAsync(REST_MS);
    // The link followed: the page's own request gets the answer asked on intent.
    await expect(api.call('explorer.block', { networkId: 'mine', block: '171' })).resolves.toEqual({ number: '0xab' });
    expect(asked).toHaveLength(1);
  });

  it('asks nothing for a link the pointer only passes over, one leading away, or a page with no first request', async () => {
    over(link('172'));
    out(link('172'), document.body);
    await vi.advanceTimersByTimeAsync(REST_MS * 2);
    for (const text of ['out', 'Logs']) {
      over(link(text));
      await vi.advanceTimersByTimeAsync(REST_MS);
    }
    expect(asked).toEqual([]);
  });

  it('asks for the page of a link that gets focus, at once', async () => {
    link('172').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['explorer.block {"networkId":"mine","block":"172"}']);
  });

  it('asks for the page navigated to as the address changes (a pushState, the back button), before it is drawn, once; the page takes that answer', async () => {
    const start = window.location.pathname;
    try {
      history.pushState(null, '', '/explorer/block/173');
      window.dispatchEvent(new Event('pushState')); // as wouter's history.pushState does
      await vi.advanceTimersByTimeAsync(0);
      expect(asked).toEqual(['explorer.block {"networkId":"mine","block":"173"}']);
      window.dispatchEvent(new PopStateEvent('popstate')); // the same address again: nothing more within the time an answer is kept
      await vi.advanceTimersByTimeAsync(0);
      await expect(api.call('explorer.block', { networkId: 'mine', block: '173' })).resolves.toEqual({ number: '0xab' });
      expect(asked).toHaveLength(1);
      // Stopped, it no longer listens.
      stop();
      history.pushState(null, '', '/explorer/block/174');
      window.dispatchEvent(new Event('pushState'));
      await vi.advanceTimersByTimeAsync(0);
      expect(asked).toHaveLength(1);
    } finally {
      history.pushState(null, '', start);
    }
  });

  it("asks nothing for a page whose feed the window already holds (the explorer's home), and asks for it when none is held", async () => {
    const watched: string[] = [];
    const held = withEarlyAnswers(
      createFakeApiClient({
        topics: { 'explorer.latest': async (input, _emit, signal) => (watched.push(JSON.stringify(input)), new Promise<void>((resolve) => (signal as AbortSignal).addEventListener('abort', () => resolve()))) },
      }),
    );
    const queries = new QueryClient();
    queries.setQueryData(networksKey, [{ id: 'mine', selected: true }]);
    stop();
    stop = startOnIntent(held, queries);
    const start = window.location.pathname;
    const leave = joinFeed(held, 'explorer.latest', { networkId: 'mine', count: 10 }, { onEvent: () => undefined, onEnd: () => undefined, rejoin: () => undefined });
    try {
      await vi.advanceTimersByTimeAsync(0);
      expect(watched).toHaveLength(1); // the held feed
      history.pushState(null, '', '/explorer');
      window.dispatchEvent(new Event('pushState'));
      await vi.advanceTimersByTimeAsync(0);
      expect(watched).toHaveLength(1);
      leave();
      history.pushState(null, '', '/explorer/block/1');
      window.dispatchEvent(new Event('pushState'));
      await vi.advanceTimersByTimeAsync(EARLY_FRESH_MS);
      history.pushState(null, '', '/explorer');
      window.dispatchEvent(new Event('pushState'));
      await vi.advanceTimersByTimeAsync(0);
      expect(watched).toEqual(['{"networkId":"mine","count":10}', '{"networkId":"mine","count":10}']);
    } finally {
      history.pushState(null, '', start);
      queries.clear();
    }
  });
});
