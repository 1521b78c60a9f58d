import type { ClientMessage, ServerMessage } from '../../../src-shared/api/wire';
import type { ApiTransport } from '../apiTransport';

/** A transport a test plays main on: it sees what the client sent and answers by hand. */
export interface ScriptedTransport extends ApiTransport {
  sent: ClientMessage[];
  deliver(message: ServerMessage): void;
  setConnected(connected: boolean): void;
  closed: boolean;
}

/** Creates a {@link ScriptedTransport}, connected or not. */
export function scriptedTransport(connected = true): ScriptedTransport {
  const listeners = new Set<(message: ServerMessage) => void>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  let up = connected;
  const transport: ScriptedTransport = {
    sent: [],
    closed: false,
    send(message) {
      if (!up) throw new Error('sent while disconnected');
      transport.sent.push(message);
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    isConnected: () => up,
    close() {
      transport.closed = true;
    },
    deliver(message) {
      listeners.forEach((listener) => listener(message));
    },
    setConnected(value) {
      up = value;
      connectionListeners.forEach((listener) => listener(value));
    },
  };
  return transport;
}
