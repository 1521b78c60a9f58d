import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src-shared/api/apiError';
import { ApiCallError } from './ApiCallError';
import { createApiClient } from './createApiClient';
import { scriptedTransport } from './testing/scriptedTransport';

const settings = { theme: 'dark' as const };

describe('createApiClient', () => {
  it('matches answers to calls by id', async () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const first = api.call('settings.get', {});
    const second = api.call('app.info', {});
    expect(transport.sent).toEqual([
      { t: 'call', id: 1, method: 'settings.get', input: {} },
      { t: 'call', id: 2, method: 'app.info', input: {} },
    ]);
    transport.deliver({ t: 'result', id: 2, ok: true, value: { name: 'Blockglass', version: '1', shell: 'web' } });
    transport.deliver({ t: 'result', id: 1, ok: true, value: settings });
    await expect(first).resolves.toEqual(settings);
    await expect(second).resolves.toMatchObject({ shell: 'web' });
  });

  it('rejects with an ApiCallError carrying the plain error', async () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const call = api.call('settings.get', {});
    const error: ApiError = { name: 'KeychainUnavailableError', kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE', shortMessage: 'No keychain.' };
    transport.deliver({ t: 'result', id: 1, ok: false, error });
    const thrown = await call.catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(ApiCallError);
    expect(thrown).toMatchObject({ name: 'ApiCallError', message: 'No keychain.', method: 'settings.get', error });
  });

  it('ignores answers to unknown ids and malformed messages', async () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const call = api.call('settings.get', {});
    transport.deliver({ t: 'result', id: 99, ok: true, value: 'stray' });
    transport.deliver(null as never);
    transport.deliver({ t: 'result' } as never);
    transport.deliver({ t: 'result', id: 1, ok: true, value: settings });
    await expect(call).resolves.toEqual(settings);
  });

  it('refuses inputs that are not JSON-safe before sending', async () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const thrown = (await api.call('networks.select', { networkId: 1n } as never).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error.shortMessage).toMatch(/^Invalid input for networks\.select: it is not JSON-safe/);
    expect(transport.sent).toEqual([]);
  });

  it('delivers events, then the end, and forgets the subscription', () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const events: unknown[] = [];
    const ends: (ApiError | undefined)[] = [];
    api.subscribe('sandbox.status', {}, { onEvent: (event) => events.push(event), onEnd: (error) => ends.push(error) });
    expect(transport.sent).toEqual([{ t: 'subscribe', id: 1, topic: 'sandbox.status', input: {} }]);
    transport.deliver({ t: 'event', id: 1, payload: { state: 'running', restarts: 0 } });
    transport.deliver({ t: 'end', id: 1, error: { name: 'SandboxCrashedError', kind: 'sandbox', shortMessage: 'It crashed.' } });
    transport.deliver({ t: 'event', id: 1, payload: { state: 'late', restarts: 0 } });
    expect(events).toEqual([{ state: 'running', restarts: 0 }]);
    expect(ends).toEqual([{ name: 'SandboxCrashedError', kind: 'sandbox', shortMessage: 'It crashed.' }]);
  });

  it('cancels with one unsubscribe message, and then hears nothing more', () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const events: unknown[] = [];
    const ends: unknown[] = [];
    const unsubscribe = api.subscribe('network.health', { networkId: 'mainnet' }, { onEvent: (event) => events.push(event), onEnd: () => ends.push('end') });
    unsubscribe();
    unsubscribe();
    transport.deliver({ t: 'event', id: 1, payload: {} });
    transport.deliver({ t: 'end', id: 1 });
    expect(transport.sent.filter((message) => message.t === 'unsubscribe')).toEqual([{ t: 'unsubscribe', id: 1 }]);
    expect(events).toEqual([]);
    expect(ends).toEqual([]);
  });

  it('waits for the connection before sending, then sends calls and subscriptions', async () => {
    const transport = scriptedTransport(false);
    const api = createApiClient(transport);
    const call = api.call('settings.get', {});
    api.subscribe('sandbox.status', {}, { onEvent: () => undefined });
    expect(transport.sent).toEqual([]);
    expect(api.isConnected()).toBe(false);
    transport.setConnected(true);
    expect(transport.sent.map((message) => message.t)).toEqual(['call', 'subscribe']);
    transport.deliver({ t: 'result', id: 1, ok: true, value: settings });
    await expect(call).resolves.toEqual(settings);
  });

  it('fails calls in flight when the connection drops, and subscribes again when it returns', async () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const changes: boolean[] = [];
    api.onConnectionChange((connected) => changes.push(connected));
    const call = api.call('settings.get', {});
    api.subscribe('network.health', { networkId: 'mainnet' }, { onEvent: () => undefined });
    transport.setConnected(false);
    const thrown = (await call.catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error.code).toBe('connection_lost');
    transport.sent.length = 0;
    transport.setConnected(true);
    expect(transport.sent).toEqual([{ t: 'subscribe', id: 2, topic: 'network.health', input: { networkId: 'mainnet' } }]);
    expect(changes).toEqual([false, true]);
  });

  it('fails a call at once when a connected transport refuses to send it', async () => {
    const transport = scriptedTransport();
    transport.send = () => {
      throw new Error('pipe refused');
    };
    const thrown = (await createApiClient(transport).call('settings.get', {}).catch((caught: unknown) => caught)) as ApiCallError;
    expect(thrown.error.code).toBe('send_failed');
  });

  it('fails everything and closes the transport on close', async () => {
    const transport = scriptedTransport();
    const api = createApiClient(transport);
    const call = api.call('settings.get', {});
    api.close();
    expect(((await call.catch((caught: unknown) => caught)) as ApiCallError).error.code).toBe('client_closed');
    expect(((await api.call('settings.get', {}).catch((caught: unknown) => caught)) as ApiCallError).error.code).toBe('client_closed');
    expect(transport.closed).toBe(true);
  });
});
