import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from './testing/FakeWebSocket';
import { webSocketTransport } from './webSocketTransport';

const TOKEN = 'T'.repeat(43);

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const open = () => webSocketTransport({ url: 'ws://127.0.0.1:5000/api', token: TOKEN, WebSocket: FakeWebSocket as never, backoff: { initialMs: 100, maxMs: 1000 } });

describe('webSocketTransport', () => {
  it('offers the token as a subprotocol, never in the URL', () => {
    open();
    expect(FakeWebSocket.last().url).toBe('ws://127.0.0.1:5000/api');
    expect(FakeWebSocket.last().protocols).toEqual(['blockglass', `blockglass.${TOKEN}`]);
  });

  it('sends JSON text only while open, and passes parsed messages on', () => {
    const transport = open();
    const received: unknown[] = [];
    transport.onMessage((message) => received.push(message));
    transport.send({ t: 'unsubscribe', id: 1 });
    expect(FakeWebSocket.last().sent).toEqual([]);
    FakeWebSocket.last().accept();
    expect(transport.isConnected?.()).toBe(true);
    transport.send({ t: 'unsubscribe', id: 1 });
    expect(FakeWebSocket.last().sent).toEqual(['{"t":"unsubscribe","id":1}']);
    FakeWebSocket.last().receive('{"t":"end","id":1}');
    FakeWebSocket.last().receive('not json');
    FakeWebSocket.last().receive(new ArrayBuffer(2));
    expect(received).toEqual([{ t: 'end', id: 1 }]);
  });

  it('reconnects with growing delays, and says when the connection goes and comes', () => {
    const transport = open();
    const changes: boolean[] = [];
    transport.onConnectionChange?.((connected) => changes.push(connected));
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop();
    expect(changes).toEqual([true, false]);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(100); // first retry: within 50-100 ms
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().drop(); // refused: no "connected" was ever announced
    vi.advanceTimersByTime(99); // the second delay is 100-200 ms
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(101);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.last().accept();
    expect(changes).toEqual([true, false, true]);
  });

  it('caps the delay', () => {
    open();
    for (let attempt = 0; attempt < 10; attempt++) {
      FakeWebSocket.last().drop();
      vi.advanceTimersByTime(1000);
    }
    expect(FakeWebSocket.instances).toHaveLength(11);
  });

  it('stops for good on close', () => {
    const transport = open();
    FakeWebSocket.last().accept();
    transport.close();
    expect(FakeWebSocket.last().closedWith).toBe(1000);
    FakeWebSocket.last().drop();
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('webSocketTransport: why main hung up', () => {
  it('reports the close code and reason when the socket closes', () => {
    const transport = open();
    const changes: unknown[] = [];
    transport.onConnectionChange?.((connected, closure) => changes.push([connected, closure]));
    FakeWebSocket.last().accept();
    FakeWebSocket.last().closeFromServer(4400, 'not a client message: null, not an object');
    expect(changes).toEqual([
      [true, undefined],
      [false, { code: 4400, reason: 'not a client message: null, not an object' }],
    ]);
  });
});
