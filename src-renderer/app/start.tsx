import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiProvider } from '../api/ApiProvider';
import type { EarlyApiClient } from '../api/earlyAnswers';
import { networksQuery } from '../queries/networks';
import { settingsQuery } from '../queries/settings';
import { App } from './App';
import { createQueryClient } from './createQueryClient';
import { firstScreenData } from './firstScreenData';
import { modulesFor } from './headStart';
import { routeOf } from './routes';
import { settleScreens } from '../lib/lazyScreen';
import { startOnIntent } from './startOnIntent';
import { liftFrame, type FirstFrameState } from './firstFrameState';
import type { HeldInput } from './heldInput';
import { replayHeldInput } from './replayHeldInput';
import { keepLastOf } from '../hooks/useLiveSubscription';
import type { StateTopicName } from '../hooks/sharedSubscriptions';

/**
 * The app itself, loaded by the page's first script (main.tsx) once that has asked for what the screen needs.
 * The networks and settings are put in flight before the first render (every screen needs the selected network
 * first); their answers, asked for early, are usually here already, so the first render has them, and the screen's
 * own first answer when it has come (firstScreenData.ts). So is the script of the screen the path opens (fetched
 * beside this one): the first render draws that screen, not a fallback that React would then hold for its reveal
 * throttle. The other screens' scripts follow when the window is idle, and a link's page is asked for on intent
 * (startOnIntent.ts).
 */
export async function start(
  root: HTMLElement,
  api: EarlyApiClient,
  pathname: string,
  search = '',
  firstFrame?: FirstFrameState,
  takeHeldInput: () => readonly HeldInput[] = () => [],
): Promise<void> {
  const queryClient = createQueryClient();
  // The reads a first frame was drawn with (app/firstFrame.ts): the first render draws the same page from them.
  if (firstFrame) {
    hydrate(queryClient, firstFrame);
    // Which network is selected, and the settings, are asked again all the same (the first script asked them early):
    // a choice made just before the page was served (a network selected, then the page reloaded at once) may have
    // reached main after the frame was drawn. The page's own reads are kept: they are keyed by their network.
    void queryClient.invalidateQueries({ queryKey: networksQuery(api).queryKey, refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: settingsQuery(api).queryKey, refetchType: 'none' });
  }
  // And the feed's event it was drawn with (the home's latest blocks), kept as the last one heard.
  for (const { topic, input, payload } of firstFrame?.events ?? []) keepLastOf(topic as StateTopicName, input as never, payload as never);
  void queryClient.prefetchQuery(networksQuery(api));
  void queryClient.prefetchQuery(settingsQuery(api));
  const firstData = firstScreenData(queryClient, api, routeOf(pathname)).catch(() => undefined); // the screen shows a failure itself
  await settleScreens(modulesFor(pathname, search));
  // The screen's first answer, when it is already here, goes into the first render; one that is not yet is not waited for.
  await Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, 0))]);
  createRoot(root).render(
    <StrictMode>
      <ApiProvider client={api}>
        <QueryClientProvider client={queryClient}>
          <App />
          <TakenOver root={root} takeHeldInput={takeHeldInput} />
        </QueryClientProvider>
      </ApiProvider>
    </StrictMode>,
  );
  // A link's page asked for when the pointer rests on it (every other screen's script is preloaded by the frame's
  // ScreenPreloader, once the sandbox has started).
  startOnIntent(api, queryClient);
}

/**
 * Once the app has drawn itself over a first frame (React's first commit replaces what the root held), it is usable;
 * the keys pressed and clicks made while the frame was up are done again, once the app's own handlers are listening
 * (its effects, earlier in the tree than this one, have run).
 */
function TakenOver({ root, takeHeldInput }: { root: HTMLElement; takeHeldInput: () => readonly HeldInput[] }) {
  useLayoutEffect(() => liftFrame(root), [root]);
  useEffect(() => {
    const inputs = takeHeldInput();
    // Out of React's effects: each is then an event of its own, whose updates React renders before the next (a
    // controlled field keeps each character typed into it).
    if (inputs.length > 0) setTimeout(() => replayHeldInput(inputs, document), 0);
  }, [takeHeldInput]);
  return null;
}
