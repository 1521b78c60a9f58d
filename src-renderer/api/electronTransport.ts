import type { ApiTransport } from './apiTransport';
import type { BlockglassBridge } from './blockglassBridge';

/** The transport over Electron's preload bridge; IPC never disconnects while the window lives. */
export function electronTransport(bridge: BlockglassBridge | undefined = window.blockglass): ApiTransport {
  if (!bridge) throw new Error('electronTransport: window.blockglass is missing; this page is not running in the Electron shell.');
  return {
    send: (message) => bridge.send(message),
    onMessage: (listener) => bridge.onMessage(listener),
  };
}
