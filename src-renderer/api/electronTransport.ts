import type { PipeClosure } from '../../src-shared/api/closeCodes';
import type { ServerMessage } from '../../src-shared/api/wire';
import type { ApiTransport } from './apiTransport';
import type { BlockglassBridge } from './blockglassBridge';

/**
 * The transport over Electron's preload bridge. IPC never drops while the window lives; main can
 * hang up on a message it could not accept (a `closed` message with a code and a reason), which is
 * reported as a close, and the next message opens a new connection at once.
 */
export function electronTransport(bridge: BlockglassBridge | undefined = window.blockglass): ApiTransport {
  if (!bridge) throw new Error('electronTransport: window.blockglass is missing; this page is not running in the Electron shell.');
  const connectionListeners = new Set<(connected: boolean, closure?: PipeClosure) => void>();
  return {
    send: (message) => bridge.send(message),
    onMessage: (listener) =>
      bridge.onMessage((message) => {
        if (message.t !== 'closed') return listener(message as ServerMessage);
        const closure = { code: message.code, reason: message.reason };
        for (const changed of [...connectionListeners]) changed(false, closure);
        for (const changed of [...connectionListeners]) changed(true);
      }),
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    isConnected: () => true,
  };
}
