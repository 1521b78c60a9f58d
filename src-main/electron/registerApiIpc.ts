// SECURITY: the API's only IPC door. Do not loosen it: EVERY message's sender is checked (top frame,
// the app's own origin) before the dispatcher sees it, refusals are logged with a reason, and each
// window's connection is closed (aborting its subscriptions) when its page goes away.
import { ipcMain, type IpcMainEvent, type WebContents } from 'electron';
import type { DispatcherConnection } from '../../src-shared/api/dispatcherTypes';
import type { PipeClosedMessage } from '../../src-shared/api/wire';
import type { Dispatcher } from '../services/api/createDispatcher';
import { API_TO_MAIN, API_TO_RENDERER } from './ipcChannels';
import { senderRefusal } from './isTrustedSender';

/** What the IPC bridge needs. */
export interface ApiIpcOptions {
  dispatcher: Dispatcher;
  log: (line: string) => void;
  /** The dev server's origin when running unpackaged; empty otherwise. */
  devOrigins: readonly string[];
}

/** Registers the API's IPC channel; returns the function that removes it and closes every connection. */
export function registerApiIpc({ dispatcher, log, devOrigins }: ApiIpcOptions): () => void {
  const connections = new Map<number, DispatcherConnection>();
  const watched = new WeakSet<WebContents>();

  const disconnect = (contents: WebContents) => {
    connections.get(contents.id)?.close();
    connections.delete(contents.id);
  };

  const connectionFor = (contents: WebContents): DispatcherConnection => {
    let connection = connections.get(contents.id);
    if (connection) return connection;
    connection = dispatcher.connect(
      {
        send(_message, json) {
          if (!contents.isDestroyed()) contents.send(API_TO_RENDERER, json);
        },
        // IPC has no close frame: say so in a message; the window's next message opens a new connection.
        hangUp(code, reason) {
          connections.delete(contents.id);
          const closed: PipeClosedMessage = { t: 'closed', code, reason };
          if (!contents.isDestroyed()) contents.send(API_TO_RENDERER, JSON.stringify(closed));
        },
      },
      `window ${contents.id}`,
    );
    connections.set(contents.id, connection);
    if (!watched.has(contents)) {
      watched.add(contents);
      // A reload or a new document starts a new client: the old page's subscriptions must stop.
      contents.on('did-start-navigation', (details) => {
        if (details.isMainFrame && !details.isSameDocument) disconnect(contents);
      });
      contents.on('render-process-gone', () => disconnect(contents));
      contents.once('destroyed', () => disconnect(contents));
    }
    return connection;
  };

  const onMessage = (event: IpcMainEvent, message: unknown) => {
    const frame = event.senderFrame;
    const main = event.sender.mainFrame;
    const isTop = frame !== null && frame.parent === null && frame.processId === main.processId && frame.routingId === main.routingId;
    const refusal = frame ? senderRefusal(frame.url, isTop, devOrigins) : 'the sending frame is gone';
    if (refusal !== undefined) {
      log(`electron: refused an IPC message on ${API_TO_MAIN}: ${refusal}`);
      return;
    }
    connectionFor(event.sender).receive(message);
  };

  ipcMain.on(API_TO_MAIN, onMessage);
  return () => {
    ipcMain.removeListener(API_TO_MAIN, onMessage);
    for (const connection of connections.values()) connection.close();
    connections.clear();
  };
}
