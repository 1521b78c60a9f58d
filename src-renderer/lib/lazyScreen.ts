import { createElement, lazy, type ComponentType } from 'react';

type Load = () => Promise<unknown>;

/** Modules already loaded before the first render (the screen a deep link opens), by their loader. */
const settled = new Map<Load, unknown>();

/**
 * Waits for the given screens' scripts (already being fetched: main.tsx starts them with the app's own) so that
 * the first render draws the screen itself. A screen drawn through React.lazy first shows its fallback and then,
 * however soon its script is there, is held back by React's reveal throttle (300 ms in React 19). A script that
 * fails to load is left to the screen's own lazy path, which shows the error.
 */
export async function settleScreens(loads: readonly Load[]): Promise<void> {
  await Promise.allSettled(loads.map(async (load) => settled.set(load, await load())));
}

/**
 * A screen loaded when first needed (code split), drawn at once when its script is already here: settled before
 * the first render (settleScreens) or loaded by an earlier visit. Otherwise it goes through React.lazy (the
 * nearest Suspense shows the fallback) and stays on that path, so the screen is never mounted twice.
 */
export function lazyScreen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let viaLazy = false;
  const Lazy = lazy(async () => {
    loaded = pick(await load());
    return { default: loaded };
  });
  function LazyScreen(props: P) {
    if (!viaLazy) {
      if (!loaded && settled.has(load)) loaded = pick(settled.get(load) as M);
      if (loaded) return createElement(loaded, props);
      viaLazy = true;
    }
    return createElement(Lazy, props);
  }
  return LazyScreen;
}
