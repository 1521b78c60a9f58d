import type { ClientMessage, ServerMessage } from '../../../src-shared/api/wire';
import type { PipeClosure } from '../../../src-shared/api/closeCodes';
import type { DispatcherConnection } from '../../../src-shared/api/dispatcherTypes';
import { createTransportListeners } from '../../../src-shared/api/transportListeners';
import type { Dispatcher } from './createDispatcher';

/** The renderer-side end of an in-memory pipe to a dispatcher: the shape the renderer's API client takes. */
export interface MemoryTransport {
  send(message: ClientMessage): void;
  onMessage(listener: (message: ServerMessage) => void): () => void;
  onConnectionChange(listener: (connected: boolean, closure?: PipeClosure) => void): () => void;
  isConnected(): boolean;
  /** Sends anything at all, as a hostile or broken page could (JSON text or a value). */
  sendRaw(raw: unknown): void;
  /** Breaks the pipe: main's side of the connection closes (aborting its work) and the client is told. */
  drop(): void;
  /** Opens a new connection after `drop`, as a reconnecting WebSocket would. */
  restore(): void;
  /** Closes the pipe for good. */
  close(): void;
  /** Every message main sent, in order, as received (for assertions). */
  readonly received: readonly ServerMessage[];
  /** Every hang-up main made, in order (the pipe stays down until `restore`). */
  readonly closures: readonly PipeClosure[];
}

/**
 * An in-memory transport for tests: both directions go as JSON text and arrive asynchronously,
 * like the real pipes, so the contract is exercised exactly as the shells carry it.
 */
export function createMemoryTransport(dispatcher: Dispatcher, label = 'memory'): MemoryTransport {
  const listeners = createTransportListeners();
  const received: ServerMessage[] = [];
  const closures: PipeClosure[] = [];
  let connection: DispatcherConnection | undefined;
  let generation = 0;

  const open = () => {
    const mine = ++generation;
    connection = dispatcher.connect(
      {
        send(_message, json) {
          queueMicrotask(() => {
            if (mine !== generation) return; // sent on a connection that has since dropped
            const message = JSON.parse(json) as ServerMessage;
            received.push(message);
            listeners.message(message);
          });
        },
        // Queued like the messages, so the answers sent before the hang-up arrive before it (as on a socket).
        hangUp(code, reason) {
          queueMicrotask(() => {
            if (mine !== generation) return;
            closures.push({ code, reason });
            shut();
            announce(false, { code, reason });
          });
        },
      },
      `${label} #${mine}`,
    );
  };
  const shut = () => {
    generation += 1;
    connection?.close();
    connection = undefined;
  };
  const announce = (connected: boolean, closure?: PipeClosure) => queueMicrotask(() => listeners.connection(connected, closure));

  open();
  return {
    received,
    closures,
    send(message) {
      this.sendRaw(JSON.stringify(message));
    },
    sendRaw(raw) {
      const target = connection;
      if (!target) throw new Error('The memory transport is not connected.');
      queueMicrotask(() => target.receive(raw));
    },
    onMessage: listeners.onMessage,
    onConnectionChange: listeners.onConnectionChange,
    isConnected: () => connection !== undefined,
    drop() {
      if (!connection) return;
      shut();
      announce(false);
    },
    restore() {
      if (connection) return;
      open();
      announce(true);
    },
    close() {
      shut();
    },
  };
}
