import type { ApiError } from './apiError';
import type { MethodHandlers, TopicHandlers } from './types';
import { MAX_MESSAGE_BYTES, type ServerMessage } from './wire';

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

/** Sends one message to the window: the object and its JSON text (both pipes carry the text). */
export type SendServerMessage = (message: ServerMessage, json: string) => void;

/** The window's end of a connection, as the shell carries it. */
export interface ApiPeer {
  /** Sends one message to the window. */
  send: SendServerMessage;
  /**
   * Hangs up: called when the window sent something no answer can reach (no usable id, an id in
   * use). The shell closes its pipe with `code` and `reason` (at most 123 UTF-8 bytes) so the
   * client can report why; the connection is already closed when this runs.
   */
  hangUp(code: number, reason: string): void;
  /** Bytes sent and not yet taken by the window, where the pipe knows (see `CallContext.backlog`). */
  backlog?(): number;
}

/** One window's (or socket's) connection to the API. */
export interface DispatcherConnection {
  /** Handles one incoming message: JSON text or a plain object. Never throws. */
  receive(message: unknown): void;
  /** Aborts every subscription and the connection's signal; later messages either way are dropped. */
  close(): void;
  /** Whether `close` was called (or the connection hung up). */
  readonly closed: boolean;
}

/** What a connection runs: the handler maps (any subset; a missing one answers `notImplemented`). */
export interface DispatcherHandlers {
  handlers: Partial<MethodHandlers>;
  topics: Partial<TopicHandlers>;
}

/** Where one request's time went, as the connection saw it (main's own timings per request). */
export interface RequestTiming {
  kind: 'call' | 'subscription';
  /** The method or topic. */
  name: string;
  id: number;
  /** Checking the input against the contract's schema. */
  checkMs: number;
  /** The handler's own work: to its result, or to a subscription's first event. */
  workMs: number;
  /** Turning the answer into JSON text, the door's redaction and handing it to the pipe. */
  sendMs: number;
  /** The answer's (or first event's) JSON text, UTF-16 units. */
  chars: number;
}

/** What one connection needs from its side (main, or the renderer's fake). */
export interface ConnectionOptions extends DispatcherHandlers {
  shell: 'electron' | 'web';
  limits: DispatcherLimits;
  /** How a thrown value becomes the plain error sent: main's conversion, or the fake's plain copy. */
  thrownToApiError(thrown: unknown): ApiError;
  /**
   * The door: every message's JSON text passes through this just before it is sent (results, events, ends),
   * so nothing leaves with a secret in it (main's `redactOutgoing`). None in the renderer's fake, which holds no key.
   */
  redactOutgoing?(json: string): string;
  /** The error for a contract name without a handler; the dispatcher's own unless given. */
  notImplemented?(name: string): ApiError;
  /** Receives refusal lines; they name ids and reasons, never input values. */
  log(line: string): void;
  /**
   * Told where each call's time went, and each subscription's up to its first event, by the clock given (main's
   * `performance.now`); none unless given.
   */
  timings?: { now(): number; onTiming(timing: RequestTiming): void };
  peer: ApiPeer;
  label: string;
}
