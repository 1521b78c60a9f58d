import type { PipeClosure } from './closeCodes';
import type { ServerMessage } from './wire';

type MessageListener = (message: ServerMessage) => void;
type ConnectionListener = (connected: boolean, closure?: PipeClosure) => void;

/**
 * Who hears a client transport (the WebSocket's, the in-memory ones of the tests): its messages and its
 * connection's changes. Each listener added returns its removal; one added while others hear a message hears
 * the next one.
 */
export function createTransportListeners() {
  const messages = new Set<MessageListener>();
  const connections = new Set<ConnectionListener>();
  return {
    onMessage(listener: MessageListener): () => void {
      messages.add(listener);
      return () => void messages.delete(listener);
    },
    onConnectionChange(listener: ConnectionListener): () => void {
      connections.add(listener);
      return () => void connections.delete(listener);
    },
    /** Hands a message to every listener. */
    message(message: ServerMessage): void {
      for (const listener of [...messages]) listener(message);
    },
    /** Tells every listener the connection went up or down (and how it closed). */
    connection(connected: boolean, closure?: PipeClosure): void {
      for (const listener of [...connections]) listener(connected, closure);
    },
  };
}
