import { dehydrate, QueryClientProvider, skipToken, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { FirstFrame as SharedFirstFrame, RenderFirstFrame } from '../../src-shared/api/firstFrame';
import { ApiProvider } from '../api/ApiProvider';
import type { ApiTransport } from '../api/apiTransport';
import { createApiClient } from '../api/createApiClient';
import { settleScreens } from '../lib/lazyScreen';
import { App } from './App';
import { createQueryClient } from './createQueryClient';
import { hasFirstFrame } from './firstFrame';
import type { FirstFrameEvent, FirstFrameState } from './firstFrameState';
import { screenRequestOf } from './askEarly';
import { networksQuery } from '../queries/networks';
import { forgetLastOf, keepLastOf } from '../hooks/useLiveSubscription';
import type { StateTopicName } from '../hooks/sharedSubscriptions';
import type { ApiClient } from '../api/createApiClient';
import type { TopicInput, TopicPayload } from '../../src-shared/api/types';
import { modulesFor } from './headStart';

/** A page's first frame: the app drawn at a path with what it read, and those reads for the window's query cache. */
export interface FirstFrame extends SharedFirstFrame {
  state: FirstFrameState;
}

/** How long the reads may take, and how many rounds of them (a page whose answer names what it reads next). */
export interface FirstFrameLimits {
  budgetMs: number;
  rounds?: number;
}

const DEFAULT_ROUNDS = 4;

/**
 * Draws the app at `pathname` as its first frame, away from any window (the web host and Electron's main process,
 * as they serve the page: see src-main/shell-common/firstFrame.ts). It draws, reads what the drawing asked for
 * (every query it left waiting) through `transport`, then draws again with the answers, until nothing more is asked
 * for, `rounds` are done or `budgetMs` has passed: the frame then shows what has come, and the window reads the
 * rest itself. The budget bounds the waits for reads only: the screen's script is loaded first, and drawing is work. Undefined for a path that has no first frame (a form, a page with a query string: see firstFrame.ts).
 * Nothing in the frame can be used before the window's own script takes it over (index.html's root is inert).
 */
export async function renderFirstFrame(transport: ApiTransport, pathname: string, search: string, limits: FirstFrameLimits): Promise<FirstFrame | undefined> {
  if (!hasFirstFrame(pathname, search)) return undefined;
  // The screen's own script first: not a read (it is on this machine), and once loaded it is kept.
  await settleScreens(modulesFor(pathname, search));
  const api = createApiClient(transport);
  const queryClient = createQueryClient();
  const deadline = Date.now() + limits.budgetMs;
  try {
    const draw = () =>
      renderToString(
        <StrictMode>
          <ApiProvider client={api}>
            <QueryClientProvider client={queryClient}>
              <Router ssrPath={pathname} ssrSearch={search}>
                <App />
              </Router>
            </QueryClientProvider>
          </ApiProvider>
        </StrictMode>,
      );
    const events: FirstFrameEvent[] = [];
    // A live screen (the explorer's home) is drawn with its feed's first event, kept as the window keeps the last
    // one it heard, for the drawing only: what is kept in this process is every window's.
    const drawn = () => {
      for (const { topic, input, payload } of events) keepLastOf(topic as StateTopicName, input as never, payload as never);
      try {
        return draw();
      } finally {
        for (const { topic, input } of events) forgetLastOf(topic as StateTopicName, input as never);
      }
    };
    const feed = screenRequestOf(pathname, search);
    let html = draw();
    for (let round = 0; round < (limits.rounds ?? DEFAULT_ROUNDS); round += 1) {
      const networkId = queryClient.getQueryData(networksQuery(api).queryKey)?.find((network) => network.selected)?.id;
      const listen = feed?.kind === 'watch' && networkId !== undefined && events.length === 0 ? { topic: feed.topic, input: { networkId, ...feed.input } } : undefined;
      const asked = waitingQueries(queryClient);
      if (asked.length === 0 && !listen) break;
      const heard = listen ? firstEvent(api, listen.topic as StateTopicName, listen.input as never).then((payload) => void (payload !== undefined && events.push({ ...listen, payload }))) : undefined;
      const answered = await within(Promise.allSettled([...asked.map((query) => query.fetch()), heard]), deadline);
      html = drawn();
      if (!answered) break;
    }
    return { html, state: { ...dehydrate(queryClient), ...(events.length > 0 ? { events } : {}) } };
  } finally {
    queryClient.clear();
    api.close();
  }
}

/** The queries a drawing asked for and nothing has read yet (not those it holds back: no input, turned off). */
function waitingQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && query.options.queryFn !== undefined && query.options.queryFn !== skipToken && !isTurnedOff(query));
}

function isTurnedOff(query: Query): boolean {
  // A drawing away from a window subscribes no observer: the options it built the query with say whether it is on.
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? !enabled(query) : enabled === false;
}

/** The first event of `topic`'s feed for `input`, then the feed is left; undefined if it ends first. */
function firstEvent<T extends StateTopicName>(api: ApiClient, topic: T, input: TopicInput<T>): Promise<TopicPayload<T> | undefined> {
  return new Promise((resolve) => {
    let done = false;
    const end = (payload: TopicPayload<T> | undefined) => {
      if (done) return;
      done = true;
      resolve(payload);
      queueMicrotask(() => stop()); // later: an event may come while subscribing
    };
    const stop = api.subscribe(topic, input, { onEvent: (payload) => end(payload), onEnd: () => end(undefined) });
  });
}

/** Whether `work` ended before `deadline` (it goes on either way; its outcome is not needed). */
async function within(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

// What the shells load from the bundle is this function, as src-shared describes it.
renderFirstFrame satisfies RenderFirstFrame;
