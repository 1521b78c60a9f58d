// SECURITY: the only door from a browser to the API. Do not loosen it: `checkUpgrade` runs on every
// connection before the WebSocket handshake completes; messages are capped at MAX_MESSAGE_BYTES; each
// socket gets its own dispatcher connection, closed (aborting its subscriptions) when the socket goes.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { MAX_MESSAGE_BYTES } from '../../src-shared/api/wire';
import type { Dispatcher } from '../services/api/createDispatcher';
import { API_SUBPROTOCOL } from '../../src-shared/api/apiSocket';
import { API_CLOSE } from '../../src-shared/api/closeCodes';
import { checkUpgrade } from './checkUpgrade';
import { refuseConnection } from './refuseConnection';

/** More sockets than this at once is not a window opening: refuse. */
const MAX_SOCKETS = 16;
/** A window that does not read its socket is not kept: past this many unsent bytes it is closed. */
const MAX_BUFFERED_BYTES = 4 * MAX_MESSAGE_BYTES;

/** What the bridge needs: the dispatcher, the expected token and port, a log, and who to tell when a window connects. */
export interface ApiBridgeOptions {
  dispatcher: Dispatcher;
  token: string;
  port: () => number;
  log: (line: string) => void;
  onConnection?: () => void;
}

/** The WebSocket side of the web host. */
export interface ApiBridge {
  /** Handles an HTTP upgrade request (any path: others are refused). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (aborting their work) and stops accepting. */
  close(): void;
}

/** Creates the API's WebSocket bridge. */
export function createApiBridge({ dispatcher, token, port, log, onConnection }: ApiBridgeOptions): ApiBridge {
  const server = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    handleProtocols: (offered) => (offered.has(API_SUBPROTOCOL) ? API_SUBPROTOCOL : false),
  });
  let opened = 0;

  const attach = (socket: WebSocket) => {
    opened += 1;
    const label = `socket ${opened}`;
    const connection = dispatcher.connect(
      {
        send(_message, json) {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
            log(`web host: closed ${label}: the window is not reading its messages`);
            socket.close(API_CLOSE.policy, 'not reading');
            return;
          }
          socket.send(json);
        },
        // The message had no id to answer on: the close code and reason are the answer.
        hangUp: (code, reason) => socket.close(code, reason),
        backlog: () => socket.bufferedAmount,
      },
      label,
    );
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        log(`web host: closed ${label}: it sent a binary frame`);
        socket.close(API_CLOSE.unsupportedData, 'text frames only');
        return;
      }
      connection.receive(rawText(data));
    });
    socket.on('close', () => connection.close());
    socket.on('error', (error) => log(`web host: ${label}: ${error.message}`));
    onConnection?.();
  };

  return {
    handleUpgrade(request, socket, head) {
      socket.on('error', () => socket.destroy());
      const verdict = checkUpgrade(
        { url: request.url, host: request.headers.host, origin: request.headers.origin, protocol: request.headers['sec-websocket-protocol'] },
        { port: port(), token },
      );
      if (!verdict.ok) {
        log(`web host: refused a WebSocket connection (${verdict.status}): ${verdict.reason}`);
        return refuseConnection(socket, verdict.status);
      }
      if (server.clients.size >= MAX_SOCKETS) {
        log(`web host: refused a WebSocket connection (503): more than ${MAX_SOCKETS} open`);
        return refuseConnection(socket, 503);
      }
      server.handleUpgrade(request, socket, head, attach);
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
