import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SandboxStatus } from '../../src-shared/api/sandbox';
import { createFakeApiClient } from '../api/createFakeApiClient';
import { renderWithApp } from '../testing/renderWithApp';
import { feedKey, joinFeed, restartFeed, type FeedListener } from './sharedSubscriptions';
import { useHeldLiveSubscription, useLiveSubscription } from './useLiveSubscription';

const status = (restarts: number): SandboxStatus => ({ state: 'running', restarts });

/** A fake API whose `sandbox.status` feed counts its subscriptions and lets the test send and end. */
function statusFeed() {
  const feeds: { emit: (event: SandboxStatus) => void; end: (error?: Error) => void; signal: AbortSignal }[] = [];
  const api = createFakeApiClient({
    topics: {
      'sandbox.status': (_input, emit, signal) =>
        new Promise<void>((resolve, reject) => {
          feeds.push({ emit, end: (error) => (error ? reject(error) : resolve()), signal: signal as AbortSignal });
          (signal as AbortSignal).addEventListener('abort', () => resolve());
        }),
    },
  });
  onTestFinished(() => api.close());
  return { api, feeds, live: () => feeds.filter((feed) => !feed.signal.aborted) };
}

function listener() {
  const heard: unknown[] = [];
  const ends: unknown[] = [];
  let rejoins = 0;
  const handlers: FeedListener = { onEvent: (payload) => heard.push(payload), onEnd: (error) => ends.push(error), rejoin: () => (rejoins += 1) };
  return { handlers, heard, ends, rejoins: () => rejoins };
}

/** Two listeners joined to one sandbox feed, once main has started it. */
async function twoListeners() {
  const feed = statusFeed();
  const first = listener();
  const second = listener();
  joinFeed(feed.api, 'sandbox.status', {}, first.handlers);
  joinFeed(feed.api, 'sandbox.status', {}, second.handlers);
  await expect.poll(() => feed.feeds.length).toBe(1);
  return { ...feed, first, second };
}

describe('shared live feeds', () => {
  it('one subscription to main for every listener of a topic and input; a late one hears the latest event at once', async () => {
    const { api, feeds, first, second } = await twoListeners();
    feeds[0]!.emit(status(1));
    await expect.poll(() => second.heard.length).toBe(1);
    expect(first.heard).toEqual([status(1)]);

    const late = listener();
    joinFeed(api, 'sandbox.status', {}, late.handlers);
    expect(late.heard).toEqual([status(1)]); // at once, not a round trip later
    expect(feeds).toHaveLength(1);
  });

  it('ends the subscription when its last listener leaves, not before', async () => {
    const { api, feeds } = statusFeed();
    const leaveFirst = joinFeed(api, 'sandbox.status', {}, listener().handlers);
    const leaveSecond = joinFeed(api, 'sandbox.status', {}, listener().handlers);
    await expect.poll(() => feeds.length).toBe(1);
    leaveFirst();
    expect(feeds[0]!.signal.aborted).toBe(false);
    leaveSecond();
    await expect.poll(() => feeds[0]!.signal.aborted).toBe(true);
    // The next listener starts a new one.
    joinFeed(api, 'sandbox.status', {}, listener().handlers);
    await expect.poll(() => feeds.length).toBe(2);
  });

  it('tells every listener when main ends the feed, and the next join asks main anew', async () => {
    const { api, feeds, first, second } = await twoListeners();
    feeds[0]!.emit(status(2));
    feeds[0]!.end(new Error('the sandbox went away'));
    await expect.poll(() => first.ends.length).toBe(1);
    expect(second.ends).toHaveLength(1);
    expect(second.ends[0]).toMatchObject({ shortMessage: 'the sandbox went away' });

    const again = listener();
    joinFeed(api, 'sandbox.status', {}, again.handlers);
    expect(again.heard).toEqual([]); // nothing stale from the ended feed
    await expect.poll(() => feeds.length).toBe(2);
  });

  it('a restart ends the feed for everyone and has each listener join again', async () => {
    const { api, feeds, first, second } = await twoListeners();
    restartFeed(api, feedKey('sandbox.status', {}));
    await expect.poll(() => feeds[0]!.signal.aborted).toBe(true);
    expect([first.rejoins(), second.rejoins()]).toEqual([1, 1]);
    expect(first.ends).toEqual([]); // a restart is not an end
  });
});

describe('useLiveSubscription over a shared feed', () => {
  function Status({ label }: { label: string }) {
    const { data, restart } = useLiveSubscription('sandbox.status', {});
    return (
      <p>
        {label}: {data ? `restarts ${data.restarts}` : 'waiting'}
        <button type="button" onClick={restart}>
          Try again {label}
        </button>
      </p>
    );
  }

  it('three components watching the sandbox make one subscription; "Try again" in one asks main again, once, for all', async () => {
    let subscriptions = 0;
    let restarts = 0;
    renderWithApp(
      <>
        <Status label="frame" />
        <Status label="header" />
        <Status label="page" />
      </>,
      {
        api: {
          topics: {
            'sandbox.status': (_input, emit, signal) => {
              subscriptions += 1;
              emit(status(restarts));
              restarts += 1;
              return new Promise<void>((resolve) => (signal as AbortSignal).addEventListener('abort', () => resolve()));
            },
          },
        },
      },
    );
    expect(await screen.findByText('page: restarts 0')).toBeTruthy();
    expect(screen.getByText('frame: restarts 0')).toBeTruthy();
    expect(screen.getByText('header: restarts 0')).toBeTruthy();
    expect(subscriptions).toBe(1);

    act(() => screen.getByRole('button', { name: 'Try again header' }).click());
    expect(await screen.findByText('frame: restarts 1')).toBeTruthy();
    expect(screen.getByText('page: restarts 1')).toBeTruthy();
    expect(subscriptions).toBe(2);
  });

  it('a view joining a held feed draws its latest event in its first render, and its page is not drawn again for it', async () => {
    // Commits of the view drawing the event (a Profiler counts commits, not StrictMode's double renders).
    let commits = 0;
    function Holder() {
      useHeldLiveSubscription('sandbox.status', {});
      return null;
    }
    function Probe() {
      const { data } = useLiveSubscription('sandbox.status', {}, { keepLast: true });
      return (
        <Profiler id="shown" onRender={() => (commits += 1)}>
          <p>probe: {data ? `restarts ${data.restarts}` : 'waiting'}</p>
        </Profiler>
      );
    }
    let subscriptions = 0;
    const handlers = {
      topics: {
        'sandbox.status': ((_input: unknown, emit: (event: SandboxStatus) => void, signal: unknown) => {
          subscriptions += 1;
          emit(status(7));
          return new Promise<void>((resolve) => (signal as AbortSignal).addEventListener('abort', () => resolve()));
        }) as never,
      },
    };
    const { rerender } = renderWithApp(<Holder />, { api: handlers });
    await expect.poll(() => subscriptions).toBe(1);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    rerender(
      <>
        <Holder />
        <Probe />
      </>,
    );
    expect(screen.getByText('probe: restarts 7')).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(commits).toBe(1);
    expect(subscriptions).toBe(1);
  });
});
