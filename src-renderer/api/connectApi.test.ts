import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiCallError } from './ApiCallError';
import type { BlockglassBridge } from './blockglassBridge';
import { connectApi, type ApiEnvironment } from './connectApi';
import { TOKEN_STORAGE_KEY } from './readAccessToken';
import { FakeWebSocket } from './testing/FakeWebSocket';

const TOKEN = 'a'.repeat(43);

/** A tab's sessionStorage: what it holds, as a Map. */
function tabStorage(held = new Map<string, string>()) {
  return { held, storage: { getItem: (key: string) => held.get(key) ?? null, setItem: (key: string, value: string) => void held.set(key, value) } };
}

function environment(hash: string, protocol = 'http:', bridge?: BlockglassBridge, tab = tabStorage()) {
  const replaced: string[] = [];
  const env: ApiEnvironment = {
    bridge,
    location: { hash, pathname: '/settings/networks', search: '?tab=keys', protocol, host: '127.0.0.1:5000' },
    history: { state: { from: 'router' }, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)) },
    storage: () => tab.storage,
    WebSocket: FakeWebSocket as never,
  };
  return { env, replaced, held: tab.held };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
});

describe('connectApi', () => {
  it('uses the preload bridge inside Electron, and touches neither the URL nor the network', async () => {
    const sent: unknown[] = [];
    const bridge: BlockglassBridge = { send: (message) => sent.push(message), onMessage: () => () => undefined };
    const { env, replaced } = environment(`#token=${TOKEN}`, 'app:', bridge);
    void connectApi(env).call('app.info', {});
    expect(sent).toEqual([{ t: 'call', id: 1, method: 'app.info', input: {} }]);
    expect(FakeWebSocket.instances).toEqual([]);
    expect(replaced).toEqual([]);
  });

  it('takes the token out of the address bar, keeping the deep link, and connects to /api on the same host', () => {
    const { env, replaced } = environment(`#token=${TOKEN}`);
    connectApi(env);
    expect(replaced).toEqual(['/settings/networks?tab=keys']);
    expect(FakeWebSocket.last().url).toBe('ws://127.0.0.1:5000/api');
    expect(FakeWebSocket.last().protocols).toEqual(['blockglass', `blockglass.${TOKEN}`]);
  });

  it('uses wss: on an https: page', () => {
    connectApi(environment(`#token=${TOKEN}`, 'https:').env);
    expect(FakeWebSocket.last().url).toBe('wss://127.0.0.1:5000/api');
  });

  it('without a token, connects nowhere and fails every call with a clear error', async () => {
    const { env, replaced } = environment('');
    const api = connectApi(env);
    const thrown = (await api.call('app.info', {}).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error).toMatchObject({ name: 'MissingAccessTokenError', code: 'missing_token', shortMessage: 'This window has no access token, so it cannot reach Blockglass.' });
    expect(FakeWebSocket.instances).toEqual([]);
    expect(replaced).toEqual([]);
    const ended = await new Promise((resolve) => api.subscribe('sandbox.status', {}, { onEvent: () => undefined, onEnd: resolve }));
    expect(ended).toMatchObject({ code: 'missing_token' });
  });

  it('keeps the token in the tab’s sessionStorage, so a reload (no fragment) connects with it', () => {
    const tab = tabStorage();
    connectApi(environment(`#token=${TOKEN}`, 'http:', undefined, tab).env);
    expect([...tab.held]).toEqual([[TOKEN_STORAGE_KEY, TOKEN]]);
    const reload = environment('', 'http:', undefined, tab);
    connectApi(reload.env);
    expect(reload.replaced).toEqual([]);
    expect(FakeWebSocket.last().protocols).toEqual(['blockglass', `blockglass.${TOKEN}`]);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('opens the tab’s storage only to keep the token, when the environment says (off a cold page’s first script)', () => {
    const tab = tabStorage();
    let opened = 0;
    const queued: (() => void)[] = [];
    const { env } = environment(`#token=${TOKEN}`, 'http:', undefined, tab);
    connectApi({ ...env, storage: () => (opened++, tab.storage), later: (work) => queued.push(work) });
    expect(FakeWebSocket.last().protocols, 'connected with the token at once').toEqual(['blockglass', `blockglass.${TOKEN}`]);
    expect(opened).toBe(0);
    expect(tab.held.size).toBe(0);
    queued.forEach((work) => work());
    expect(opened).toBe(1);
    expect([...tab.held]).toEqual([[TOKEN_STORAGE_KEY, TOKEN]]);
  });

  it('a new address with a token replaces the kept one; a kept value that is not a token is not used', () => {
    const other = 'b'.repeat(43);
    const tab = tabStorage(new Map([[TOKEN_STORAGE_KEY, TOKEN]]));
    connectApi(environment(`#token=${other}`, 'http:', undefined, tab).env);
    expect(tab.held.get(TOKEN_STORAGE_KEY)).toBe(other);
    expect(FakeWebSocket.last().protocols).toEqual(['blockglass', `blockglass.${other}`]);
    FakeWebSocket.instances = [];
    connectApi(environment('', 'http:', undefined, tabStorage(new Map([[TOKEN_STORAGE_KEY, 'not-a-token']]))).env);
    expect(FakeWebSocket.instances).toEqual([]);
  });

  it('removes a malformed token from the address bar too, and does not use it (nor one the tab kept)', () => {
    const kept = environment('#token=not-a-token', 'http:', undefined, tabStorage(new Map([[TOKEN_STORAGE_KEY, TOKEN]])));
    connectApi(kept.env);
    expect(kept.replaced).toEqual(['/settings/networks?tab=keys']);
    expect(FakeWebSocket.instances).toEqual([]);
  });

  it('removes a malformed token from the address bar too, and does not use it', () => {
    const { env, replaced } = environment('#token=not-a-token');
    connectApi(env);
    expect(replaced).toEqual(['/settings/networks?tab=keys']);
    expect(FakeWebSocket.instances).toEqual([]);
  });
});
