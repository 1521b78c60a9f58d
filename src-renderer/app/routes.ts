import { parse, type RouteParams } from 'regexparam';
import type { LiveTopicName, MethodInput, MethodName, TopicInput } from '../../src-shared/api/types';
import { addressTextProblem } from '../../src-shared/chain/addressTextProblem';
import { callModules } from '../features/call/callModules';
import { loadContentPage } from '../features/content/contentModule';
import { explorerPageModules } from '../features/explorer/pageModules';
import { loadLogsPage } from '../features/logs/logsModule';
import { screenModules } from './screenModules';

// The one route table. Three readers, at three moments of a page's life:
// - the page's first script (main.tsx), before React has loaded: the early request (askEarly.ts) and the page's
//   scripts (headStart.ts), so this file and what it imports stay small: page modules only as loaders;
// - the app's routes (AppRoutes.tsx), which draw each route's screen.
// Paths are matched by regexparam, the parser wouter itself uses, so all three see the same route for a URL.

/** A page script loaded on demand (code split); the same function the screen hands to lazyScreen. */
export type PageModule = () => Promise<unknown>;

/** An input without its network id (distributed over a union of inputs). */
type WithoutNetwork<T> = T extends unknown ? Omit<T, 'networkId'> : never;

/**
 * What a path's page asks for first, known from the URL alone: a call or a live feed, with its input as the
 * page's own query writes it, less the network id (only known once the network list is in; askEarly adds it).
 */
export type ScreenRequest =
  | { [M in MethodName]: { kind: 'call'; method: M; input: WithoutNetwork<MethodInput<M>> } }[MethodName]
  | { [T in LiveTopicName]: { kind: 'watch'; topic: T; input: WithoutNetwork<TopicInput<T>> } }[LiveTopicName];

/** A route that draws a screen. */
export interface ScreenRoute<P extends string = string> {
  /** The path pattern, in wouter's (regexparam's) syntax. */
  path: P;
  /** Matches the path's beginning too: the screen routes what follows itself (wouter's `nest`). */
  nest?: boolean;
  /** The page scripts the screen needs beyond the app's own, fetched beside it when the URL is opened. */
  modules: readonly PageModule[];
  /** Scripts the URL's query string adds (a tab whose script is apart from its page's). */
  searchModules?: (search: string) => readonly PageModule[];
  /**
   * The page's first request, asked before React renders; undefined where the page would ask nothing (a value it
   * refuses) or something the URL alone does not tell. Must equal the page's own (routes.test.tsx checks).
   */
  early?: (params: RouteParams<P>, search: string) => ScreenRequest | undefined;
}

/** A route that only sends the window elsewhere. */
export interface RedirectRoute {
  path: string | RegExp;
  redirect: string;
}

/** Types a screen route's `early` against its own path's parameters. */
const screen = <const P extends string>(route: ScreenRoute<P>): ScreenRoute<P> => route;

/** A page's tabs script, for a link to one of its tabs other than the overview (`?tab=trace`); none for the overview. */
const beyondOverview =
  (module: PageModule) =>
  (search: string): readonly PageModule[] =>
    /^(?:overview)?$/.test(new URLSearchParams(search).get('tab') ?? '') ? [] : [module];

const HASH = /^0x[0-9a-fA-F]{64}$/;
const BLOCK_NUMBER = /^(?:0|[1-9]\d{0,15})$/;

/**
 * Every screen's URL, in the order they are tried (the first that matches is drawn; none: the not-found screen).
 * Paths are real URLs (the web host's token travels in the fragment, so the fragment is never a route): a deep
 * link such as `/settings/keys` or `/explorer/block/123` loads directly. A detail page's early request is asked
 * only without a query string, which may change what the page reads.
 */
export const routes = {
  start: { path: '/', redirect: '/explorer' },
  // A shell may load the page by file name (`app://…/index.html`): that is the start page too.
  startFile: { path: /\/index\.html$/, redirect: '/explorer' },
  // The explorer's home is in the app's own script: no page module.
  explorer: screen({ path: '/explorer', modules: [], early: () => ({ kind: 'watch', topic: 'explorer.latest', input: { count: 10 } }) }),
  block: screen({
    path: '/explorer/block/:id',
    modules: [explorerPageModules.block],
    early: ({ id }, search) => (search === '' && (BLOCK_NUMBER.test(id) || HASH.test(id)) ? { kind: 'call', method: 'explorer.block', input: { block: id } } : undefined),
  }),
  txAtIndex: screen({ path: '/explorer/block/:hash/tx/:index', modules: [explorerPageModules.block, explorerPageModules.txAtIndex] }),
  tx: screen({
    path: '/explorer/tx/:hash',
    modules: [explorerPageModules.tx],
    searchModules: beyondOverview(explorerPageModules.txReplay),
    early: ({ hash }, search) => (search === '' && HASH.test(hash) ? { kind: 'call', method: 'explorer.transaction', input: { hash } } : undefined),
  }),
  address: screen({
    path: '/explorer/address/:address',
    modules: [explorerPageModules.address],
    searchModules: beyondOverview(explorerPageModules.addressHistory),
    early: ({ address }, search) => (search === '' && addressTextProblem(address) === undefined ? { kind: 'call', method: 'explorer.address', input: { address } } : undefined),
  }),
  logs: screen({ path: '/logs', modules: [loadLogsPage] }),
  // The EVM form: the Local sandbox and most networks are EVM chains (a Starknet network loads its own when drawn).
  call: screen({ path: '/call', modules: [callModules.evm] }),
  gas: screen({ path: '/gas', modules: [screenModules.gas], early: () => ({ kind: 'watch', topic: 'gas.watch', input: {} }) }),
  content: screen({ path: '/content', modules: [loadContentPage] }),
  contentCid: screen({ path: '/content/:cid', modules: [loadContentPage] }),
  contentPath: screen({ path: '/content/:cid/*', modules: [loadContentPage] }),
  settings: screen({ path: '/settings', nest: true, modules: [screenModules.settings] }),
} satisfies Record<string, ScreenRoute<string> | RedirectRoute>;

/** The id of a route in the table. */
export type RouteId = keyof typeof routes;

/** The ids of the routes that draw a screen. */
export type ScreenRouteId = { [K in RouteId]: (typeof routes)[K] extends RedirectRoute ? never : K }[RouteId];

/** The route a path opens and its parameters (as wouter passes them to the route's children). */
export interface RouteMatch {
  id: RouteId;
  route: ScreenRoute | RedirectRoute;
  params: Record<string, string>;
}

const patterns = Object.entries(routes).map(([id, entry]) => {
  const route: ScreenRoute | RedirectRoute = entry;
  const { pattern, keys } = typeof route.path === 'string' ? parse(route.path, 'nest' in route && route.nest === true) : parse(route.path);
  return { id: id as RouteId, route, pattern, keys };
});

/** The first route of the table that matches `pathname`, as wouter's router matches it; undefined for no screen. */
export function routeOf(pathname: string): RouteMatch | undefined {
  for (const { id, route, pattern, keys } of patterns) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    if (keys) keys.forEach((key, index) => (params[key] = found[index + 1] ?? ''));
    return { id, route, params };
  }
  return undefined;
}
