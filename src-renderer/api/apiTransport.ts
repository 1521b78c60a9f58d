import type { PipeClosure } from '../../src-shared/api/closeCodes';
import type { ClientMessage, ServerMessage } from '../../src-shared/api/wire';

/**
 * A pipe to main: Electron's preload bridge, the web host's WebSocket, or an in-memory fake. The
 * client sends only while the transport is connected; transports that can lose their connection
 * report it through `onConnectionChange` (the others are always connected).
 */
export interface ApiTransport {
  send(message: ClientMessage): void;
  /** Listens to main's messages; returns the function that stops listening. */
  onMessage(listener: (message: ServerMessage) => void): () => void;
  /**
   * Listens to the connection going up and down; returns the function that stops listening. When
   * main hung up, the going-down call carries its close code and reason.
   */
  onConnectionChange?(listener: (connected: boolean, closure?: PipeClosure) => void): () => void;
  /** Whether messages can be sent now; assumed true when absent. */
  isConnected?(): boolean;
  /** Closes the pipe for good. */
  close?(): void;
}
