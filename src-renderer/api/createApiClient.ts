import type { ApiError } from '../../src-shared/api/apiError';
import { isRefusalCloseCode, type PipeClosure } from '../../src-shared/api/closeCodes';
import type { MethodInput, MethodName, MethodOutput, TopicInput, TopicName, TopicPayload } from '../../src-shared/api/types';
import { MAX_MESSAGE_BYTES, type ClientMessage, type ServerMessage } from '../../src-shared/api/wire';
import { ApiCallError } from './ApiCallError';
import type { ApiTransport } from './apiTransport';
import { clientClosedError, connectionClosedError, connectionLostError, sendFailedError, unsendableRequestError } from './clientErrors';

/** What a subscriber receives: each event, then (optionally) the end, with the error if it failed. */
export interface SubscriptionHandlers<Payload> {
  onEvent(payload: Payload): void;
  /** Called once when main ends the subscription; not called after the subscriber cancels it. */
  onEnd?(error?: ApiError): void;
  /**
   * A finite stream (a log query, an upload): when the connection drops it ends with the connection's error
   * instead of being started again on the next connection (which would run it anew and repeat its pages).
   */
  stream?: boolean;
}

/** The renderer's one typed door to main, derived from the API contract. */
export interface ApiClient {
  /** Calls a method; rejects with an {@link ApiCallError}. */
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** Starts a subscription; returns the function that cancels it (which aborts main's work). */
  subscribe<T extends TopicName>(topic: T, input: TopicInput<T>, handlers: SubscriptionHandlers<TopicPayload<T>>): () => void;
  /** Whether the pipe to main is up now. */
  isConnected(): boolean;
  /**
   * Listens to the pipe going down and coming back; returns the function that stops listening. When
   * main hung up on a message it could not accept, the going-down call carries that error (its
   * close code and reason).
   */
  onConnectionChange(listener: (connected: boolean, error?: ApiError) => void): () => void;
  /** Fails calls in flight, forgets subscriptions and closes the transport. */
  close(): void;
}

interface PendingCall {
  message: Extract<ClientMessage, { t: 'call' }>;
  sent: boolean;
  resolve(value: unknown): void;
  reject(error: ApiCallError): void;
}

interface LiveSubscription {
  message: Extract<ClientMessage, { t: 'subscribe' }>;
  handlers: SubscriptionHandlers<unknown>;
}

/**
 * Creates the API client over a transport. Calls made while the pipe is down wait for it; calls in
 * flight when it drops fail with `ConnectionLostError`; live subscriptions are started again on the
 * new connection.
 */
export function createApiClient(transport: ApiTransport): ApiClient {
  let nextId = 1;
  let connected = transport.isConnected?.() ?? true;
  let closed = false;
  const calls = new Map<number, PendingCall>();
  const subscriptions = new Map<number, LiveSubscription>();
  const connectionListeners = new Set<(connected: boolean, error?: ApiError) => void>();

  /** Sends now if the pipe is up; false if it could not be sent. */
  const transmit = (message: ClientMessage): boolean => {
    if (!connected || closed) return false;
    try {
      transport.send(message);
      return true;
    } catch {
      return false;
    }
  };

  const stopMessages = transport.onMessage((message) => receive(message));
  const stopConnection = transport.onConnectionChange?.((isUp, closure) => connectionChanged(isUp, closure)) ?? (() => undefined);

  function receive(message: ServerMessage): void {
    if (typeof message !== 'object' || message === null || typeof message.id !== 'number') return;
    if (message.t === 'result') {
      const pending = calls.get(message.id);
      if (!pending) return;
      calls.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(new ApiCallError(pending.message.method, message.error));
    } else if (message.t === 'event') {
      const live = subscriptions.get(message.id);
      if (live) guarded(() => live.handlers.onEvent(message.payload));
    } else if (message.t === 'end') {
      const live = subscriptions.get(message.id);
      if (!live) return;
      subscriptions.delete(message.id);
      guarded(() => live.handlers.onEnd?.(message.error));
    }
  }

  function connectionChanged(isUp: boolean, closure?: PipeClosure): void {
    if (closed || isUp === connected) return;
    connected = isUp;
    // A hang-up by main says why; a dropped pipe does not.
    const refusal = !isUp && closure && isRefusalCloseCode(closure.code) ? connectionClosedError(closure) : undefined;
    if (!isUp) {
      for (const [id, pending] of calls) {
        if (!pending.sent) continue; // never left: it goes out on the next connection
        calls.delete(id);
        pending.reject(new ApiCallError(pending.message.method, refusal ?? connectionLostError()));
      }
      for (const [id, live] of subscriptions) {
        if (!live.handlers.stream) continue; // live feeds are started again when the connection is back
        subscriptions.delete(id);
        guarded(() => live.handlers.onEnd?.(refusal ?? connectionLostError()));
      }
    } else {
      for (const pending of calls.values()) pending.sent = transmit(pending.message);
      for (const live of subscriptions.values()) transmit(live.message); // main's new connection has none of them
    }
    for (const listener of [...connectionListeners]) guarded(() => listener(isUp, refusal));
  }

  return {
    call(method, input) {
      if (closed) return Promise.reject(new ApiCallError(method, clientClosedError()));
      const message: PendingCall['message'] = { t: 'call', id: nextId++, method, input };
      const problem = checkSendable(message, method);
      if (problem) return Promise.reject(new ApiCallError(method, problem));
      return new Promise((resolve, reject) => {
        const pending: PendingCall = { message, sent: false, resolve: resolve as (value: unknown) => void, reject };
        calls.set(message.id, pending);
        pending.sent = transmit(message);
        if (!pending.sent && connected) {
          // The pipe is up but refused the message: waiting would hang, since no reconnection will come.
          calls.delete(message.id);
          reject(new ApiCallError(method, sendFailedError()));
        }
      });
    },
    subscribe(topic, input, handlers) {
      const message: LiveSubscription['message'] = { t: 'subscribe', id: nextId++, topic, input };
      const problem = closed ? clientClosedError() : checkSendable(message, topic);
      if (problem) {
        queueMicrotask(() => handlers.onEnd?.(problem));
        return () => undefined;
      }
      subscriptions.set(message.id, { message, handlers: handlers as SubscriptionHandlers<unknown> });
      transmit(message);
      return () => {
        if (subscriptions.delete(message.id)) transmit({ t: 'unsubscribe', id: message.id });
      };
    },
    isConnected: () => connected && !closed,
    onConnectionChange(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const pending of calls.values()) pending.reject(new ApiCallError(pending.message.method, clientClosedError()));
      calls.clear();
      subscriptions.clear();
      stopMessages();
      stopConnection();
      transport.close?.();
    },
  };
}

/** Why a message cannot go out as it is; the same limits main applies, checked before sending. */
function checkSendable(message: ClientMessage, name: string): ApiError | undefined {
  let json: string;
  try {
    json = JSON.stringify(message);
  } catch (error) {
    return unsendableRequestError(name, `it is not JSON-safe (${error instanceof Error ? error.message : 'unknown value'})`);
  }
  // UTF-8 is at most 3 bytes per UTF-16 unit: only count exactly when the message could be too large.
  if (json.length * 3 > MAX_MESSAGE_BYTES && new TextEncoder().encode(json).length > MAX_MESSAGE_BYTES) {
    return unsendableRequestError(name, `the request is larger than ${MAX_MESSAGE_BYTES} bytes`);
  }
  return undefined;
}

/** Runs a listener; its exception is reported asynchronously so it cannot break the message loop. */
function guarded(run: () => void): void {
  try {
    run();
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}
