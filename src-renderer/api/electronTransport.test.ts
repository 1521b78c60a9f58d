import { describe, expect, it } from 'vitest';
import type { ClientMessage, PipeClosedMessage, ServerMessage } from '../../src-shared/api/wire';
import type { ApiCallError } from './ApiCallError';
import type { BlockglassBridge } from './blockglassBridge';
import { createApiClient } from './createApiClient';
import { electronTransport } from './electronTransport';

/** A stand-in for the preload's bridge: records what the page sends and lets the test play main. */
function fakeBridge() {
  const sent: ClientMessage[] = [];
  let listener: ((message: ServerMessage | PipeClosedMessage) => void) | undefined;
  const bridge: BlockglassBridge = {
    send: (message) => void sent.push(message),
    onMessage: (given) => {
      listener = given;
      return () => (listener = undefined);
    },
  };
  return { bridge, sent, deliver: (message: ServerMessage | PipeClosedMessage) => listener?.(message) };
}

describe('electronTransport', () => {
  it('reports main\'s hang-up with its code and reason, and carries on on a new connection', async () => {
    const { bridge, sent, deliver } = fakeBridge();
    const api = createApiClient(electronTransport(bridge));
    const changes: unknown[] = [];
    api.onConnectionChange((connected, error) => changes.push([connected, error?.code]));
    const pending = api.call('settings.get', {}).catch((error: ApiCallError) => error.error);
    const events: unknown[] = [];
    api.subscribe('sandbox.status', {}, { onEvent: (event) => events.push(event) });
    expect(sent.map((message) => message.t)).toEqual(['call', 'subscribe']);

    deliver({ t: 'closed', code: 4400, reason: 'not a client message: null, not an object' });
    expect(await pending).toMatchObject({ name: 'ConnectionClosedError', code: 4400, shortMessage: 'Blockglass closed the connection: not a client message: null, not an object.' });
    expect(changes).toEqual([
      [false, 4400],
      [true, undefined],
    ]);
    // Main's new connection has no subscriptions: the live one is started again.
    expect(sent.map((message) => message.t)).toEqual(['call', 'subscribe', 'subscribe']);
    api.close();
  });
});
