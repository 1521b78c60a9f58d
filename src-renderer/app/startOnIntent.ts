import type { QueryClient } from '@tanstack/react-query';
import type { NetworkView } from '../../src-shared/api/networks';
import { EARLY_FRESH_MS, type EarlyApiClient } from '../api/earlyAnswers';
import { settleScreens } from '../lib/lazyScreen';
import { networksKey } from '../queries/networks';
import { askScreen, screenRequestOf } from './askEarly';
import { modulesFor } from './headStart';
import { feedRunning } from '../hooks/sharedSubscriptions';

/** How long the pointer rests on a link before its page is asked for: passing over a table's links asks nothing. */
export const REST_MS = 80;

/**
 * Start on intent, as the web's big routers do: when the pointer rests on an in-app link, or the link gets focus,
 * its page's script is loaded and its first request asked (the route table's `early`, as a deep link asks it), so
 * a click finds both on their way. So is it at a navigation itself (a link followed without resting on it, the
 * browser's back and forward): the request goes out as the address changes, before the page is drawn and its own
 * effects would ask. The page's own identical request takes the answer over (api/earlyAnswers.ts, within
 * EARLY_FRESH_MS); a link not followed costs one request, asked again only after that time. Returns the function
 * that stops listening.
 */
export function startOnIntent(api: EarlyApiClient, queryClient: QueryClient, doc: Document = document, win: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const asked = new Map<string, number>();
  let resting: { anchor: Element; timer: ReturnType<typeof setTimeout> } | undefined;

  /** Asks for the page at `href`: one a link leads to (not the page shown), or the one just navigated to. */
  const intend = (href: string, navigated = false) => {
    const url = new URL(href, doc.location.href);
    const here = doc.location;
    if (url.origin !== here.origin || (!navigated && url.pathname === here.pathname && url.search === here.search)) return;
    const key = `${url.pathname}${url.search}`;
    const now = Date.now();
    if (now - (asked.get(key) ?? -Infinity) < EARLY_FRESH_MS) return;
    for (const [old, at] of asked) if (now - at >= EARLY_FRESH_MS) asked.delete(old);
    asked.set(key, now);
    void settleScreens(modulesFor(url.pathname, url.search));
    const screen = screenRequestOf(url.pathname, url.search);
    const networkId = queryClient.getQueryData<NetworkView[]>(networksKey)?.find((network) => network.selected)?.id;
    if (!screen || networkId === undefined) return;
    // A feed the window already holds (the explorer holds its home's) is heard at once: nothing to ask.
    if (screen.kind === 'watch' && feedRunning(api, screen.topic, { networkId, ...screen.input })) return;
    askScreen(api, networkId, screen);
  };
  const anchorOf = (target: EventTarget | null): HTMLAnchorElement | null => (target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null);
  const stopResting = () => {
    if (resting) clearTimeout(resting.timer);
    resting = undefined;
  };

  const onOver = (event: PointerEvent) => {
    const anchor = anchorOf(event.target);
    if (anchor === resting?.anchor) return;
    stopResting();
    if (anchor) resting = { anchor, timer: setTimeout(() => intend(anchor.href), REST_MS) };
  };
  const onOut = (event: PointerEvent) => {
    if (resting && !(event.relatedTarget instanceof Node && resting.anchor.contains(event.relatedTarget))) stopResting();
  };
  const onFocus = (event: FocusEvent) => {
    const anchor = anchorOf(event.target);
    if (anchor) intend(anchor.href);
  };
  // wouter's history.pushState dispatches `pushState`, before React draws the page it leads to; `popstate` is the
  // browser's back and forward.
  const onNavigate = () => intend(doc.location.href, true);
  const NAVIGATIONS = ['pushState', 'popstate'] as const;
  for (const type of NAVIGATIONS) win.addEventListener(type, onNavigate);
  doc.addEventListener('pointerover', onOver);
  doc.addEventListener('pointerout', onOut);
  doc.addEventListener('focusin', onFocus);
  return () => {
    stopResting();
    doc.removeEventListener('pointerover', onOver);
    doc.removeEventListener('pointerout', onOut);
    doc.removeEventListener('focusin', onFocus);
    for (const type of NAVIGATIONS) win.removeEventListener(type, onNavigate);
  };
}
