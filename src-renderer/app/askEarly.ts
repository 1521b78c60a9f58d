import type { NetworkView } from '../../src-shared/api/networks';
import type { MethodInput, TopicInput } from '../../src-shared/api/types';
import type { EarlyApiClient } from '../api/earlyAnswers';
import { routeOf, type ScreenRequest } from './routes';

/**
 * The first request of the screen a path opens, for the routes whose request is known from the path alone (an
 * explorer page, the home's latest blocks, the gas feed: the route table's `early`). Anything else (a value the
 * page would refuse, a page with a query string that changes what it reads) asks for nothing early: its screen
 * asks when it renders.
 */
export function screenRequestOf(pathname: string, search = ''): ScreenRequest | undefined {
  const found = routeOf(pathname);
  return found && 'early' in found.route ? found.route.early?.(found.params, search) : undefined;
}

/**
 * Asked for by the page's first script, before React has even loaded: what the frame needs on every screen (the
 * networks, the settings, the app's name, the gas alerts, the sandbox's state) and, once the selected network is
 * known, what the URL's screen will ask for first. The app's own identical requests take these answers over
 * (api/earlyAnswers.ts), so nothing is asked twice.
 */
export function askEarly(api: EarlyApiClient, pathname: string, search = ''): void {
  const networks = api.askEarly('networks.list', {});
  api.askEarly('settings.get', {});
  api.askEarly('app.info', {});
  api.askEarly('gas.alerts', {});
  api.askEarly('gas.firedAlerts', { limit: 50 });
  api.watchEarly('sandbox.status', {});
  const screen = screenRequestOf(pathname, search);
  networks.then(
    (list: NetworkView[]) => {
      const networkId = list.find((network) => network.selected)?.id;
      if (networkId === undefined) return;
      api.watchEarly('network.health', { networkId });
      if (screen) askScreen(api, networkId, screen);
    },
    () => undefined, // the frame's own request shows why the networks could not be read
  );
}

/** Asks the screen's request on the selected network: its input is the page's own, with the network's id. */
export function askScreen(api: EarlyApiClient, networkId: string, screen: ScreenRequest): void {
  // The route table types each request's input against its method or topic; put together with the network id
  // here, the union of them all is more than TypeScript follows, hence the casts.
  if (screen.kind === 'watch') api.watchEarly(screen.topic, { networkId, ...screen.input } as TopicInput<typeof screen.topic>);
  else api.askEarly(screen.method, { networkId, ...screen.input } as MethodInput<typeof screen.method>);
}
