import { createContext, createElement, Suspense, useContext, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

type Load = () => Promise<unknown>;

/** A screen module's script once its load has ended: the module, or why it could not be loaded. */
type Outcome = { loaded: true; module: unknown } | { loaded: false; error: unknown };

/** The modules whose load has ended, by their loader; the loads on their way; who redraws when one ends. */
const outcomes = new Map<Load, Outcome>();
const loading = new Map<Load, Promise<void>>();
const listeners = new Set<() => void>();

/**
 * Loads a module once, whoever asks first (a deep link's head start, the idle preload, a screen drawn without it).
 * `again`: a load that failed is tried once more (the preload and a link's intent, not a screen that showed it).
 */
function settle(load: Load, again = false): Promise<void> {
  const outcome = outcomes.get(load);
  if (outcome && (outcome.loaded || !again)) return Promise.resolve();
  if (outcome) outcomes.delete(load);
  let pending = loading.get(load);
  if (!pending) {
    pending = load().then(
      (module) => void outcomes.set(load, { loaded: true, module }),
      (error: unknown) => void outcomes.set(load, { loaded: false, error }),
    );
    void pending.then(() => {
      loading.delete(load);
      for (const listener of listeners) listener();
    });
    loading.set(load, pending);
  }
  return pending;
}

/**
 * Waits for the given screens' scripts (already being fetched: main.tsx starts them with the app's own), so that
 * the screen that shows them draws itself at once: the first render of a deep link, or a navigation after the idle
 * preload (app/preloadScreens.ts). A script that failed to load before is tried again (a screen drawn after a
 * failure of its own shows the error, as it did through React.lazy).
 */
export async function settleScreens(loads: readonly Load[]): Promise<void> {
  await Promise.all(loads.map((load) => settle(load, true)));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** What a screen drawn before its script is here shows meanwhile (ScreenFallback sets it for the part below). */
const Fallback = createContext<ReactNode>(null);

/**
 * What the screens below show while their script loads, and a Suspense boundary with the same fallback for anything
 * else below that suspends.
 */
export function ScreenFallback({ fallback, children }: { fallback: ReactNode; children?: ReactNode }) {
  return createElement(Fallback.Provider, { value: fallback }, createElement(Suspense, { fallback }, children));
}

/**
 * A screen loaded when first needed (code split), drawn at once when its script is already here and otherwise as
 * soon as it arrives, with the nearest ScreenFallback's fallback meanwhile. Not through React.lazy and Suspense:
 * React holds a Suspense boundary's content back for its reveal throttle (300 ms in React 19) after the fallback
 * shows, however soon the script arrives; a navigation made before the idle preload had loaded the screen took
 * 350 to 400 ms where its data was there in 100. The screen is mounted once, when its script is here; a script that
 * fails to load throws its error to the nearest error boundary, as React.lazy does.
 */
export function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  function LazyScreen(props: P) {
    const outcome = useSyncExternalStore(subscribe, () => outcomes.get(load), () => outcomes.get(load));
    const fallback = useContext(Fallback);
    if (!outcome) {
      void settle(load); // once, whoever renders it first (a load already on its way is joined)
      return fallback;
    }
    if (!outcome.loaded) throw outcome.error;
    return createElement(pick(outcome.module as M), props);
  }
  return LazyScreen;
}
