import type { NetworkView } from '../../src-shared/api/networks';
import { addressTextProblem } from '../../src-shared/chain/addressTextProblem';
import type { EarlyApiClient } from '../api/earlyAnswers';

/** What a path's screen asks for first, once the selected network is known (the same requests its queries make). */
export type ScreenRequest =
  | { kind: 'call'; method: 'explorer.block'; input: { block: string } }
  | { kind: 'call'; method: 'explorer.transaction'; input: { hash: string } }
  | { kind: 'call'; method: 'explorer.address'; input: { address: string } }
  | { kind: 'watch'; topic: 'explorer.latest'; input: { count: number } }
  | { kind: 'watch'; topic: 'gas.watch'; input: Record<string, never> };

const HASH = /^0x[0-9a-fA-F]{64}$/;
const BLOCK_NUMBER = /^(?:0|[1-9]\d{0,15})$/;

/**
 * The first request of the screen a path opens, for the paths whose request is known from the path alone (an
 * explorer page, the home's latest blocks, the gas feed). Anything else (a value the page would refuse, a page
 * with a query string that changes what it reads) asks for nothing early: its screen asks when it renders.
 */
export function screenRequestOf(pathname: string, search = ''): ScreenRequest | undefined {
  if (pathname === '/explorer' || pathname === '/explorer/') return { kind: 'watch', topic: 'explorer.latest', input: { count: 10 } };
  if (pathname === '/gas') return { kind: 'watch', topic: 'gas.watch', input: {} };
  if (search !== '') return undefined;
  const [, area, kind, value, ...rest] = pathname.split('/');
  if (area !== 'explorer' || value === undefined || rest.length > 0) return undefined;
  if (kind === 'block' && (BLOCK_NUMBER.test(value) || HASH.test(value))) return { kind: 'call', method: 'explorer.block', input: { block: value } };
  if (kind === 'tx' && HASH.test(value)) return { kind: 'call', method: 'explorer.transaction', input: { hash: value } };
  if (kind === 'address' && addressTextProblem(value) === undefined) return { kind: 'call', method: 'explorer.address', input: { address: value } };
  return undefined;
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
      if (!screen) return;
      if (screen.kind === 'watch') api.watchEarly(screen.topic, { networkId, ...screen.input });
      else if (screen.method === 'explorer.block') api.askEarly(screen.method, { networkId, ...screen.input });
      else if (screen.method === 'explorer.transaction') api.askEarly(screen.method, { networkId, ...screen.input });
      else api.askEarly(screen.method, { networkId, ...screen.input });
    },
    () => undefined, // the frame's own request shows why the networks could not be read
  );
}
