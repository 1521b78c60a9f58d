import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { CallScreen } from '../features/call/CallScreen';
import { ContentScreen } from '../features/content/ContentScreen';
import { ExplorerScreen } from '../features/explorer/ExplorerScreen';
import { NotFoundScreen } from '../features/frame/NotFoundScreen';
import { LogsScreen } from '../features/logs/LogsScreen';
import { lazyScreen } from '../lib/lazyScreen';
import { screenModules } from './screenModules';

// Settings and the gas dashboard load when first opened (see screenModules), which keeps the first paint of every
// other screen lighter.
const GasScreen = lazyScreen(screenModules.gas, (module) => module.GasScreen);
const SettingsScreen = lazyScreen(screenModules.settings, (module) => module.SettingsScreen);

/**
 * Every screen has a URL (path routing: the web host's token travels in the fragment, so the fragment
 * is never a route). Deep links such as `/settings/keys` or `/explorer/block/123` load directly.
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/explorer" replace />
      </Route>
      {/* A shell may load the page by file name (`app://…/index.html`): that is the start page too. */}
      <Route path={/\/index\.html$/}>
        <Redirect to="/explorer" replace />
      </Route>
      <Route path="/explorer">
        <ExplorerScreen />
      </Route>
      <Route path="/explorer/block/:id">{(params) => <ExplorerScreen request={{ kind: 'block', value: params.id }} />}</Route>
      <Route path="/explorer/block/:hash/tx/:index">{(params) => <ExplorerScreen request={{ kind: 'txAtIndex', value: params.hash, index: params.index }} />}</Route>
      <Route path="/explorer/tx/:hash">{(params) => <ExplorerScreen request={{ kind: 'tx', value: params.hash }} />}</Route>
      <Route path="/explorer/address/:address">{(params) => <ExplorerScreen request={{ kind: 'address', value: params.address }} />}</Route>
      <Route path="/logs">
        <LogsScreen />
      </Route>
      <Route path="/call">
        <CallScreen />
      </Route>
      <Route path="/gas">
        <Suspense fallback={<p role="status">Loading the gas dashboard…</p>}>
          <GasScreen />
        </Suspense>
      </Route>
      <Route path="/content">
        <ContentScreen />
      </Route>
      <Route path="/content/:cid">{(params) => <ContentScreen cid={params.cid} />}</Route>
      <Route path="/content/:cid/*">{(params) => <ContentScreen cid={params.cid} path={params['*']} />}</Route>
      <Route path="/settings" nest>
        <Suspense fallback={<p role="status">Loading Settings…</p>}>
          <SettingsScreen />
        </Suspense>
      </Route>
      <Route>
        <NotFoundScreen />
      </Route>
    </Switch>
  );
}
