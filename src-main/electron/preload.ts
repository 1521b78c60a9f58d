// SECURITY: the preload exposes two verbs, never `ipcRenderer`, and only the API's channels. Do not
// add a generic send/invoke/on: the page must not be able to name a channel. Listeners get main's
// message only (the IPC event object is dropped). It runs sandboxed, bundled as CommonJS.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { API_TO_MAIN, API_TO_RENDERER } from './ipcChannels';

contextBridge.exposeInMainWorld(
  'blockglass',
  Object.freeze({
    /** Sends one API message to main (as JSON text, like the web host's socket). */
    send(message: unknown): void {
      ipcRenderer.send(API_TO_MAIN, JSON.stringify(message));
    },
    /** Listens to main's API messages; returns the function that stops listening. */
    onMessage(listener: (message: unknown) => void): () => void {
      if (typeof listener !== 'function') throw new TypeError('onMessage needs a function');
      const relay = (_event: IpcRendererEvent, json: unknown) => {
        if (typeof json !== 'string') return;
        let message: unknown;
        try {
          message = JSON.parse(json);
        } catch {
          return;
        }
        listener(message);
      };
      ipcRenderer.on(API_TO_RENDERER, relay);
      return () => {
        ipcRenderer.removeListener(API_TO_RENDERER, relay);
      };
    },
  }),
);
