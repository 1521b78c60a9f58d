import type { NetworkView } from '../../src-shared/api/networks';
import { LOCAL_NETWORK_ID } from '../../src-shared/networks/localNetwork';
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

/** Where the window remembers the network selected when it last loaded (an id: nothing secret). */
export const SELECTED_NETWORK_KEY = 'blockglass.selectedNetwork';

/** The network the page expects to be selected: the one it last saw, else the app's default (Local). */
export function expectedNetwork(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): string {
  try {
    return storage?.getItem(SELECTED_NETWORK_KEY) || LOCAL_NETWORK_ID;
  } catch {
    return LOCAL_NETWORK_ID; // storage refused (a sandboxed page): the default is as good a guess
  }
}

/**
 * Asked for by the page's first script, before React has even loaded: what the frame needs on every screen (the
 * networks, the settings, the app's name, the gas alerts, the sandbox's state) and what the URL's screen will ask
 * for first, on the network expected to be selected, at once: not a round trip later, once the networks have
 * answered (on a cold page that round trip waits behind the app's script). Should another network turn out to be
 * selected, the screen's request is asked again on it (the guessed answer is dropped unused) and that network is
 * remembered for the next load. The app's own identical requests take these answers over (api/earlyAnswers.ts),
 * so nothing is asked twice.
 */
export function askEarly(
  api: EarlyApiClient,
  pathname: string,
  search = '',
  { screen: askTheScreen = true, storage = safeStorage() }: { screen?: boolean; storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined } = {},
): void {
  const networks = api.askEarly('networks.list', {});
  api.askEarly('settings.get', {});
  api.askEarly('app.info', {});
  api.askEarly('gas.alerts', {});
  api.askEarly('gas.firedAlerts', { limit: 50 });
  api.watchEarly('sandbox.status', {});
  const screen = askTheScreen ? screenRequestOf(pathname, search) : undefined;
  const expected = expectedNetwork(storage);
  api.watchEarly('network.health', { networkId: expected });
  if (screen) askScreen(api, expected, screen);
  networks.then(
    (list: NetworkView[]) => {
      const networkId = list.find((network) => network.selected)?.id;
      if (networkId === undefined || networkId === expected) return;
      try {
        storage?.setItem(SELECTED_NETWORK_KEY, networkId);
      } catch {
        // not remembered: the next load guesses again
      }
      api.watchEarly('network.health', { networkId });
      if (screen) askScreen(api, networkId, screen);
    },
    () => undefined, // the frame's own request shows why the networks could not be read
  );
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Asks the screen's request on the selected network: its input is the page's own, with the network's id. */
export function askScreen(api: EarlyApiClient, networkId: string, screen: ScreenRequest): void {
  // The route table types each request's input against its method or topic; put together with the network id
  // here, the union of them all is more than TypeScript follows, hence the casts.
  if (screen.kind === 'watch') api.watchEarly(screen.topic, { networkId, ...screen.input } as TopicInput<typeof screen.topic>);
  else api.askEarly(screen.method, { networkId, ...screen.input } as MethodInput<typeof screen.method>);
}
