import type { ClientMessage, ServerMessage } from '../../src-shared/api/wire';

/**
 * What Electron's preload exposes as `window.blockglass`: two verbs, never `ipcRenderer`. The
 * listener gets main's message only (the IPC event object is dropped in the preload).
 */
export interface BlockglassBridge {
  send(message: ClientMessage): void;
  onMessage(listener: (message: ServerMessage) => void): () => void;
}

declare global {
  interface Window {
    /** Present only inside the Electron shell. */
    blockglass?: BlockglassBridge;
  }
}
