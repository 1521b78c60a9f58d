import type { ServerMessage } from '../../../src-shared/api/wire';
import { MAX_MESSAGE_BYTES } from '../../../src-shared/api/wire';
import type { ApiServices } from './apiServices';
import { openConnection } from './openConnection';

/** Per-connection limits; the defaults suit one app window. */
export interface DispatcherLimits {
  /** Largest message accepted or sent, bytes (UTF-8 JSON). */
  maxMessageBytes: number;
  /** Calls awaiting an answer at once. */
  maxPendingCalls: number;
  /** Live subscriptions at once. */
  maxSubscriptions: number;
}

/** The limits used unless a test sets others. */
export const DEFAULT_DISPATCHER_LIMITS: DispatcherLimits = {
  maxMessageBytes: MAX_MESSAGE_BYTES,
  maxPendingCalls: 256,
  maxSubscriptions: 100,
};

/** What `createDispatcher` needs: the services, which shell it serves, and where refusals are logged. */
export interface DispatcherOptions extends ApiServices {
  shell: 'electron' | 'web';
  /** Receives log lines (already redacted). */
  log?: (line: string) => void;
  limits?: Partial<DispatcherLimits>;
}

/** Sends one message to the window: the object and its JSON text (both pipes carry the text). */
export type SendServerMessage = (message: ServerMessage, json: string) => void;

/** One window's (or socket's) connection to the API. */
export interface DispatcherConnection {
  /** Handles one incoming message: JSON text or a plain object. Never throws. */
  receive(message: unknown): void;
  /** Aborts every subscription and the connection's signal; later messages either way are dropped. */
  close(): void;
  /** Whether `close` was called. */
  readonly closed: boolean;
}

/** The transport-agnostic API: each shell opens one connection per window or socket. */
export interface Dispatcher {
  /** Opens a connection whose answers go to `send`; `label` names it in log lines. */
  connect(send: SendServerMessage, label?: string): DispatcherConnection;
}

/** Creates the dispatcher both shells put behind their pipe (Electron IPC, the web host's WebSocket). */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const limits: DispatcherLimits = { ...DEFAULT_DISPATCHER_LIMITS, ...options.limits };
  const log = (line: string) => options.log?.(options.redact(line));
  let opened = 0;
  return {
    connect(send, label) {
      opened += 1;
      return openConnection({ services: options, shell: options.shell, limits, log, send, label: label ?? `connection ${opened}` });
    },
  };
}
