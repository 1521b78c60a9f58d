import type { ClientMessage, PipeClosedMessage, ServerMessage } from '../../src-shared/api/wire';

/**
 * What Electron's preload exposes as `window.blockglass`: two verbs, never `ipcRenderer`. The
 * listener gets main's message only (the IPC event object is dropped in the preload).
 */
export interface BlockglassBridge {
  send(message: ClientMessage): void;
  /** Main's messages, and its hang-up (`closed`) when it could not accept what the window sent. */
  onMessage(listener: (message: ServerMessage | PipeClosedMessage) => void): () => void;
}

declare global {
  interface Window {
    /** Present only inside the Electron shell. */
    blockglass?: BlockglassBridge;
  }
}
