import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ApiError } from '../../src-shared/api/apiError';
import { createTestServices } from '../services/api/testing/createTestServices';
import { loadRendererClient, loadRendererWebSocketTransport } from '../services/api/testing/loadRendererClient';
import { startWebHost, type WebHost } from './startWebHost';
import { openSocket } from './testing/openSocket';
import { createRendererFixture } from './testing/rendererFixture';

// The web host's API socket, sent what a broken or hostile page could send: every message the door
// cannot accept gets an answer, an error on its id when it has a usable one, otherwise a close with
// a code and a reason. Never silence.

let fixture: ReturnType<typeof createRendererFixture>;
let host: WebHost;
let token: string;

beforeAll(async () => {
  fixture = createRendererFixture();
  host = await startWebHost({ port: 0, rendererDir: fixture.rendererDir, services: createTestServices() });
  token = new URL(host.url).hash.replace('#token=', '');
});

afterAll(async () => {
  await host.close();
  fixture.remove();
});

type Outcome = { kind: 'message'; message: { t: string; id: number; ok?: boolean; error?: { code?: string; shortMessage: string } } } | { kind: 'close'; code: number; reason: string } | { kind: 'silence' };

async function window(): Promise<WebSocket> {
  const outcome = await openSocket(`ws://127.0.0.1:${host.port}/api`, { protocols: ['blockglass', `blockglass.${token}`], origin: host.origin });
  if (!outcome.ok) throw new Error(`the socket was refused with ${outcome.status}`);
  return outcome.socket;
}

/** Sends one frame on a fresh socket and reports the first answer, the close, or silence after `waitMs`. */
async function send(frame: string, waitMs = 1500): Promise<Outcome> {
  const socket = await window();
  const outcome = await new Promise<Outcome>((resolve) => {
    const timer = setTimeout(() => resolve({ kind: 'silence' }), waitMs);
    socket.once('message', (data: Buffer) => (clearTimeout(timer), resolve({ kind: 'message', message: JSON.parse(data.toString('utf8')) as never })));
    socket.once('close', (code: number, reason: Buffer) => (clearTimeout(timer), resolve({ kind: 'close', code, reason: reason.toString('utf8') })));
    socket.send(frame);
  });
  socket.terminate();
  return outcome;
}

describe('the API door over the web host WebSocket', () => {
  it.each([
    ['invalid JSON', '{"t":"call"', 1007, 'not valid JSON'],
    ['null', 'null', 4400, 'not a client message: null, not an object'],
    ['[1,2,3]', '[1,2,3]', 4400, 'not a client message: an array, not an object'],
    ['an id of -1', '{"t":"call","id":-1,"method":"app.info","input":{}}', 4400, 'not a client message: unusable id (an id is a whole number from 0 to 2^53 − 1)'],
    ['an id of 1.5', '{"t":"call","id":1.5,"method":"app.info","input":{}}', 4400, 'not a client message: unusable id (an id is a whole number from 0 to 2^53 − 1)'],
    ['an unknown type without an id', '{"t":"hello"}', 4400, 'not a client message: no id'],
  ])('closes with a code and a reason on %s', async (_case, frame, code, reason) => {
    expect(await send(frame)).toEqual({ kind: 'close', code, reason });
  });

  it('answers an unknown message type that carries an id with an error on that id', async () => {
    const outcome = await send('{"t":"hello","id":9}');
    expect(outcome).toEqual({
      kind: 'message',
      message: { t: 'result', id: 9, ok: false, error: { name: 'InvalidMessageError', kind: 'invalidInput', code: 'invalid_message', shortMessage: 'The request was refused: unknown message type "hello".' } },
    });
  });

  it('never leaves a message unanswered, whatever it is (property)', async () => {
    const id = fc.oneof(fc.nat(), fc.integer({ min: -5, max: -1 }), fc.double(), fc.string(), fc.constant(null), fc.constant(undefined));
    const shaped = fc.record(
      {
        t: fc.oneof(fc.constantFrom('call', 'subscribe', 'unsubscribe', 'hello', ''), fc.string(), fc.integer()),
        id,
        method: fc.oneof(fc.constantFrom('app.info', 'settings.get', 'networks.select', '__proto__', 'constructor'), fc.string(), fc.integer()),
        topic: fc.oneof(fc.constantFrom('sandbox.status', 'network.health', 'toString'), fc.string()),
        input: fc.oneof(fc.constant({}), fc.jsonValue()),
      },
      { requiredKeys: [] },
    ).map((value) => JSON.stringify(value));
    const frames = fc.oneof(shaped, fc.json(), fc.string({ unit: 'binary', maxLength: 200 }));
    await fc.assert(
      fc.asyncProperty(frames, async (frame) => {
        let parsed: { t?: unknown; id?: unknown } | undefined;
        try {
          parsed = JSON.parse(frame) as typeof parsed;
        } catch {
          parsed = undefined;
        }
        const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
        const usableId = isObject && typeof parsed!.id === 'number' && Number.isSafeInteger(parsed!.id) && parsed!.id >= 0 ? parsed!.id : undefined;
        // A well-formed cancellation is accepted as it is: it has nothing to answer.
        if (isObject && parsed!.t === 'unsubscribe' && usableId !== undefined) return;
        const outcome = await send(frame, 1000);
        expect(outcome.kind).not.toBe('silence');
        if (outcome.kind === 'message') expect(outcome.message.id).toBe(usableId);
        if (outcome.kind === 'close') {
          expect(usableId).toBeUndefined();
          expect([1007, 4400]).toContain(outcome.code);
          expect(outcome.reason).not.toBe('');
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('the renderer\'s real client reports the close code and reason, and reconnects', async () => {
    const { createApiClient } = await loadRendererClient();
    const { webSocketTransport } = await loadRendererWebSocketTransport();
    const sockets: WebSocket[] = [];
    const origin = host.origin;
    // A browser-like socket that lets the test send a frame the client itself never would.
    const SpiedWebSocket = class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { origin });
        sockets.push(this);
      }
    };
    const api = createApiClient(webSocketTransport({ url: `ws://127.0.0.1:${host.port}/api`, token, WebSocket: SpiedWebSocket, backoff: { initialMs: 20, maxMs: 50 } }));
    await expect(api.call('app.info', {})).resolves.toMatchObject({ name: 'Blockglass' });
    const reported = new Promise<ApiError | undefined>((resolve) => api.onConnectionChange((connected, error) => !connected && resolve(error)));
    sockets[0]!.send('[1,2,3]');
    expect(await reported).toEqual({
      name: 'ConnectionClosedError',
      kind: 'internal',
      code: 4400,
      shortMessage: 'Blockglass closed the connection: not a client message: an array, not an object.',
      details: 'The window sent a message Blockglass could not accept; it reconnects by itself.',
    });
    await expect(api.call('app.info', {})).resolves.toMatchObject({ name: 'Blockglass' });
    api.close();
  });
});
