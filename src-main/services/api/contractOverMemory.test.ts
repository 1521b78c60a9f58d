import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src-shared/api/apiError';
import type { HealthEvent } from '../../../src-shared/api/networks';
import { createDispatcher } from './createDispatcher';
import { createMemoryTransport, type MemoryTransport } from './createMemoryTransport';
import { createTestServices, type TestServices } from './testing/createTestServices';
import { loadRendererClient, type RendererApiCallError, type RendererApiClient } from './testing/loadRendererClient';

// The whole API stack in one process: the renderer's real client, an in-memory pipe carrying JSON
// text, main's dispatcher, and real handler maps.

const { createApiClient } = await loadRendererClient();
const KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';

let services: TestServices;
let logLines: string[];
let transport: MemoryTransport;
let api: RendererApiClient;

beforeEach(() => {
  services = createTestServices();
  logLines = [];
  const dispatcher = createDispatcher({ ...services, shell: 'web', log: (line) => logLines.push(line), limits: { maxMessageBytes: 64 * 1024 } });
  transport = createMemoryTransport(dispatcher);
  api = createApiClient(transport);
  return () => api.close();
});

/** The ApiError a call rejected with. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = (await promise.then(
    () => expect.fail('the call succeeded'),
    (thrown: unknown) => thrown,
  )) as RendererApiCallError;
  expect(error.name).toBe('ApiCallError');
  return error.error;
}

/** Waits until a second, live subscription to the fake health work has had `count` events: time in which a cancelled one would have had some too. */
async function liveEvents(count: number): Promise<void> {
  const events: HealthEvent[] = [];
  const stop = api.subscribe('network.health', { networkId: 'mainnet' }, { onEvent: (event) => events.push(event) });
  await expect.poll(() => events.length).toBeGreaterThanOrEqual(count);
  const work = services.healthSignals.at(-1)!; // its own, the last one started
  stop();
  await expect.poll(() => work.aborted).toBe(true);
}

describe('calls', () => {
  it('answers a method with its typed output', async () => {
    await expect(api.call('app.info', {})).resolves.toEqual({ name: 'Blockglass', version: '0.0.0-test', shell: 'web', keychain: 'system' });
  });

  it('keeps state across calls, as the app does', async () => {
    await api.call('settings.update', { theme: 'dark' });
    await expect(api.call('settings.get', {})).resolves.toEqual({ theme: 'dark' });
  });

  it('refuses input of the wrong type before the handler runs', async () => {
    const error = await failure(api.call('networks.select', { networkId: 42 } as never));
    expect(error).toMatchInlineSnapshot(`
      {
        "code": "invalid_input",
        "data": {
          "issues": [
            {
              "message": "Invalid input: expected string, received number",
              "path": [
                "networkId",
              ],
            },
          ],
        },
        "kind": "invalidInput",
        "name": "InvalidInputError",
        "shortMessage": "Invalid input for networks.select (networkId): Invalid input: expected string, received number",
      }
    `);
    expect(services.runs.get('networks.select')).toBeUndefined();
    expect(logLines).toContainEqual(expect.stringMatching(/refused call #\d+ "networks.select": invalid input \(invalid_type at networkId\)/));
  });

  it('refuses unknown keys (strict inputs) and missing inputs', async () => {
    expect((await failure(api.call('app.info', { extra: true } as never))).code).toBe('invalid_input');
    expect((await failure(api.call('settings.get', undefined as never))).code).toBe('invalid_input');
    expect(services.runs.size).toBe(0);
  });

  it.each(['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'networks', ''])('refuses the unknown method %j', async (name) => {
    const error = await failure(api.call(name as never, {} as never));
    expect(error.name).toBe('UnknownMethodError');
    expect(error.shortMessage).toBe(`There is no API method named ${JSON.stringify(name)}.`);
  });

  it('refuses a key longer than the contract allows, and never logs it', async () => {
    const longKey = `${KEY}${'x'.repeat(300)}`;
    const error = await failure(api.call('credentials.set', { networkId: 'mainnet', apiKey: longKey }));
    expect(error.shortMessage).toMatchInlineSnapshot(`"Invalid input for credentials.set (apiKey): Too big: expected string to have <=256 characters"`);
    expect(services.keys.size).toBe(0);
    expect(logLines.join('\n')).not.toContain(KEY);
  });

  it('refuses an oversized request in the client, before it is sent', async () => {
    const error = await failure(api.call('credentials.set', { networkId: 'mainnet', apiKey: 'k'.repeat(9 * 1024 * 1024) }));
    expect(error.shortMessage).toBe('Invalid input for credentials.set: the request is larger than 8388608 bytes.');
    expect(transport.received).toHaveLength(0);
  });

  it('refuses an oversized message in main: answers an object\'s id, hangs up on text it cannot read', async () => {
    transport.sendRaw({ t: 'call', id: 100, method: 'credentials.set', input: { networkId: 'mainnet', apiKey: KEY, pad: 'p'.repeat(70_000) } });
    transport.sendRaw(JSON.stringify({ t: 'call', id: 99, method: 'credentials.set', input: { networkId: 'mainnet', apiKey: KEY, pad: 'p'.repeat(70_000) } }));
    await expect.poll(() => transport.closures.length).toBe(1);
    // JSON text over the limit is not parsed, so its id is unknown: the close code is the answer.
    expect(transport.received).toEqual([
      { t: 'result', id: 100, ok: false, error: { name: 'InvalidMessageError', kind: 'invalidInput', code: 'invalid_message', shortMessage: 'The request was refused: larger than 65536 bytes.' } },
    ]);
    expect(transport.closures).toEqual([{ code: 1009, reason: 'larger than 65536 bytes' }]);
    expect(services.runs.size).toBe(0);
    expect(logLines.filter((line) => line.includes('refused a message: larger than'))).toHaveLength(2);
    expect(logLines.join('\n')).not.toContain(KEY);
  });

  it('answers every message that is not a client message: an error on its id, else a close code', async () => {
    transport.sendRaw('{"t":"launch","id":1}');
    transport.sendRaw('{"t":"call","id":2}');
    await expect.poll(() => transport.received.length).toBe(2);
    expect(transport.received.map((message) => message.t === 'result' && !message.ok && [message.id, message.error.shortMessage])).toEqual([
      [1, 'The request was refused: unknown message type "launch".'],
      [2, 'The request was refused: a call needs a method name (a string).'],
    ]);
    for (const [raw, code] of [['not json', 1007], ['{"t":"call"}', 4400], ['[]', 4400], ['null', 4400], ['{"t":"call","id":-1,"method":"app.info"}', 4400]] as const) {
      transport.restore();
      const hungUp = transport.closures.length;
      transport.sendRaw(raw);
      await expect.poll(() => transport.closures.length).toBe(hungUp + 1);
      expect(transport.closures.at(-1)?.code).toBe(code);
    }
    expect(transport.closures).toHaveLength(5);
    expect(logLines.filter((line) => line.includes('refused a message'))).toHaveLength(7);
  });

  it('fails a call in flight with the reason main hung up for, and works again after reconnecting', async () => {
    let started = false;
    services.handlers['settings.get'] = () => ((started = true), new Promise(() => undefined));
    const pending = failure(api.call('settings.get', {}));
    await expect.poll(() => started).toBe(true);
    transport.sendRaw('[1,2,3]');
    expect(await pending).toEqual({
      name: 'ConnectionClosedError',
      kind: 'internal',
      code: 4400,
      shortMessage: 'Blockglass closed the connection: not a client message: an array, not an object.',
      details: 'The window sent a message Blockglass could not accept; it reconnects by itself.',
    });
    transport.restore();
    await expect(api.call('app.info', {})).resolves.toMatchObject({ name: 'Blockglass' });
  });

  it('redacts the key from every field of an error, however deep', async () => {
    await api.call('credentials.set', { networkId: 'mainnet', apiKey: KEY });
    const error = await failure(api.call('networks.test', { networkId: 'mainnet' }));
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(JSON.stringify(error)).not.toContain(encodeURIComponent(KEY).slice(0, 12));
    expect(error).toMatchInlineSnapshot(`
      {
        "code": 401,
        "data": {
          "headers": {
            "<redacted>": "<redacted>",
          },
          "nested": [
            {
              "deeper": {
                "key": "<redacted>",
              },
            },
          ],
          "url": "https://mainnet.infura.io/v3/<redacted>",
        },
        "details": "invalid project id <redacted>",
        "kind": "internal",
        "name": "HttpRequestError",
        "shortMessage": "HTTP request to https://mainnet.infura.io/v3/<redacted> failed with status 401.",
      }
    `);
  });

  it('answers a credential with its hint only', async () => {
    const credential = await api.call('credentials.set', { networkId: 'mainnet', apiKey: KEY });
    expect(credential).toEqual({ configured: true, hint: expect.any(String) });
    expect(JSON.stringify(await api.call('networks.list', {}))).not.toContain(KEY);
  });

  it('fails calls in flight with a clear error when the connection drops', async () => {
    let release: (() => void) | undefined;
    services.handlers['settings.get'] = () => new Promise((resolve) => (release = () => resolve({ theme: 'light' })));
    const pending = api.call('settings.get', {});
    await expect.poll(() => release).toBeDefined(); // main is working on it
    transport.drop();
    const error = await failure(pending);
    expect(error).toMatchInlineSnapshot(`
      {
        "code": "connection_lost",
        "details": "The window reconnects by itself; try again in a moment.",
        "kind": "unreachable",
        "name": "ConnectionLostError",
        "shortMessage": "The connection to Blockglass was lost before the answer came.",
      }
    `);
    release!();
  });

  it('holds calls made while disconnected and sends them on reconnection', async () => {
    transport.drop();
    await expect.poll(() => api.isConnected()).toBe(false);
    const later = api.call('app.info', {});
    transport.restore();
    await expect(later).resolves.toMatchObject({ name: 'Blockglass' });
  });
});

describe('subscriptions', () => {
  it('streams events until cancelled, and cancelling aborts the work in main', async () => {
    const events: HealthEvent[] = [];
    const unsubscribe = api.subscribe('network.health', { networkId: 'mainnet' }, { onEvent: (event) => events.push(event) });
    await expect.poll(() => events.length).toBeGreaterThan(3);
    expect(events[0]?.state).toBe('connecting');
    const signal = services.healthSignals[0]!;
    expect(signal.aborted).toBe(false);
    unsubscribe();
    await expect.poll(() => signal.aborted).toBe(true);
    const seen = events.length;
    await liveEvents(4);
    expect(events.length).toBe(seen);
  });

  it('tells the subscriber when main ends a subscription', async () => {
    const events: unknown[] = [];
    const ended = await new Promise<ApiError | undefined>((resolve) => {
      api.subscribe('sandbox.status', {}, { onEvent: (event) => events.push(event), onEnd: resolve });
    });
    expect(ended).toBeUndefined();
    expect(events).toHaveLength(2);
  });

  it('ends a subscription with its error, redacted', async () => {
    await api.call('credentials.set', { networkId: 'broken', apiKey: KEY });
    const ended = await new Promise<ApiError | undefined>((resolve) => {
      api.subscribe('network.health', { networkId: 'broken' }, { onEvent: () => undefined, onEnd: resolve });
    });
    expect(ended).toEqual({ name: 'Error', kind: 'internal', shortMessage: 'WebSocket to wss://broken.infura.io/ws/v3/<redacted> closed.' });
  });

  it('refuses unknown topics and invalid inputs before the handler runs', async () => {
    const end = (topic: string, input: unknown) =>
      new Promise<ApiError | undefined>((resolve) => api.subscribe(topic as never, input as never, { onEvent: () => undefined, onEnd: resolve }));
    expect((await end('network.nope', {}))?.name).toBe('UnknownTopicError');
    expect((await end('__proto__', {}))?.name).toBe('UnknownTopicError');
    expect((await end('network.health', { networkId: 'Not An Id' }))?.code).toBe('invalid_input');
    expect(services.healthSignals).toHaveLength(0);
  });

  it('aborts every subscription when the connection closes, and starts them again on the next one', async () => {
    const events: HealthEvent[] = [];
    api.subscribe('network.health', { networkId: 'mainnet' }, { onEvent: (event) => events.push(event) });
    await expect.poll(() => events.length).toBeGreaterThan(1);
    transport.drop();
    await expect.poll(() => services.healthSignals[0]?.aborted).toBe(true);
    transport.restore();
    await expect.poll(() => services.healthSignals.length).toBe(2);
    const before = events.length;
    await expect.poll(() => events.length).toBeGreaterThan(before + 1);
    expect(services.healthSignals[1]?.aborted).toBe(false);
  });

  it('drops events that arrive after the subscriber cancelled', async () => {
    const events: unknown[] = [];
    const unsubscribe = api.subscribe('network.health', { networkId: 'mainnet' }, { onEvent: (event) => events.push(event) });
    unsubscribe(); // before the first event could arrive
    await liveEvents(4);
    expect(events).toEqual([]);
    // The cancel overtook the start: the work never began, or began already aborted.
    expect(services.healthSignals.every((signal) => signal.aborted)).toBe(true);
  });
});
