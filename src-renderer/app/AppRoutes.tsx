import type { ReactNode } from 'react';
import type { RouteParams } from 'regexparam';
import { Redirect, Route, useLocation } from 'wouter';
import { CallScreen } from '../features/call/CallScreen';
import { ContentScreen } from '../features/content/ContentScreen';
import { ExplorerScreen } from '../features/explorer/ExplorerScreen';
import { NotFoundScreen } from '../features/frame/NotFoundScreen';
import { LoadingState } from '../components/LoadingState';
import { LogsScreen } from '../features/logs/LogsScreen';
import { lazyScreen, ScreenFallback } from '../lib/lazyScreen';
import { routeOf, type routes, type ScreenRouteId } from './routes';
import { screenModules } from './screenModules';

// Settings and the gas dashboard load when first opened (see screenModules), which keeps the first paint of every
// other screen lighter.
const GasScreen = lazyScreen(screenModules.gas, (module) => module.GasScreen);
const SettingsScreen = lazyScreen(screenModules.settings, (module) => module.SettingsScreen);

/** What each screen route of the table draws, from its path's parameters (a route without one fails to compile). */
const screens: { [K in ScreenRouteId]: (params: RouteParams<(typeof routes)[K]['path']>) => ReactNode } = {
  explorer: () => <ExplorerScreen />,
  block: ({ id }) => <ExplorerScreen request={{ kind: 'block', value: id }} />,
  txAtIndex: ({ hash, index }) => <ExplorerScreen request={{ kind: 'txAtIndex', value: hash, index }} />,
  tx: ({ hash }) => <ExplorerScreen request={{ kind: 'tx', value: hash }} />,
  address: ({ address }) => <ExplorerScreen request={{ kind: 'address', value: address }} />,
  logs: () => <LogsScreen />,
  call: () => <CallScreen />,
  gas: () => (
    <ScreenFallback fallback={<LoadingState screen label="Loading the gas dashboard…" />}>
      <GasScreen />
    </ScreenFallback>
  ),
  content: () => <ContentScreen />,
  contentCid: ({ cid }) => <ContentScreen cid={cid} />,
  contentPath: ({ cid, '*': path }) => <ContentScreen cid={cid} path={path} />,
  settings: () => (
    <ScreenFallback fallback={<LoadingState screen label="Loading Settings…" />}>
      <SettingsScreen />
    </ScreenFallback>
  ),
};

/**
 * The screen of the URL, from the route table (app/routes.ts), which the page's first script read too for the
 * screen's early request and scripts. Every screen has a URL: deep links such as `/settings/keys` or
 * `/explorer/block/123` load directly. The screen is drawn at this place whatever the route, so going from one route
 * to another keeps a screen that both draw mounted (the explorer from its home to a block, the content browser from
 * `/content` to a CID). Only a nested route (Settings, which routes what follows itself) is drawn in wouter's
 * `<Route nest>`, for its base path: a `<Route>` provides its parameters as a context, new at each navigation, and
 * React then walks every part below it looking for readers (none here: screens take their parameters as props),
 * the explorer's home kept drawn while away included.
 */
export function AppRoutes() {
  const [location] = useLocation();
  const found = routeOf(location);
  if (!found) return <NotFoundScreen />;
  const { id, route, params } = found;
  if ('redirect' in route) return <Redirect to={route.redirect} replace />;
  // The table's parameters for the table's route: each screen's own type, which a lookup by id cannot carry.
  const draw = screens[id as ScreenRouteId] as (params: Record<string, string>) => ReactNode;
  return route.nest ? (
    <Route path={route.path} nest>
      {draw(params)}
    </Route>
  ) : (
    draw(params)
  );
}
