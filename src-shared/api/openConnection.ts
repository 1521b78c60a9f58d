// SECURITY: every message from a window enters main here, whichever shell carries it (the renderer's
// fake runs the same code, so tests see main's behaviour). Do not loosen it: only names that are the
// contract's OWN keys are called (never prototype names), every input is checked with the
// contract's schema before a handler runs, every error leaves through `thrownToApiError`, every message's
// text passes `redactOutgoing` (main's door: no secret leaves) and peers send that text, refusals are
// logged with a reason but never with input values, every message that cannot be accepted gets an
// answer (an error on its id, or a hang-up with a close code when it has no usable id), and a
// closed connection aborts all of its work.
import type { z } from 'zod';
import { quoteInput } from '../text/quoteInput';
import { invalidInputError, type ApiError } from './apiError';
import { API_CLOSE, MAX_CLOSE_REASON_BYTES } from './closeCodes';
import { methods, topics } from './contract';
import { decodeClientMessage } from './decodeClientMessage';
import { describeIssues, plainIssues } from './describeIssues';
import type { ConnectionOptions, DispatcherConnection } from './dispatcherTypes';
import { invalidMessageError, notImplementedError, tooManyError, unknownNameError, unsendableError } from './dispatchErrors';
import { newAbortController, type AbortControllerLike } from './newAbortController';
import type { CallContext, MethodName, TopicName } from './types';
import { isOverUtf8Limit, utf8Length } from './utf8Length';
import type { ClientMessage, ServerMessage } from './wire';

// The handler maps are typed per name; here a name is only known at run time, after the checks.
type AnyMethodHandler = (input: unknown, context: CallContext) => Promise<unknown>;
type AnyTopicHandler = (input: unknown, emit: (payload: unknown) => void, signal: CallContext['signal'], context: CallContext) => Promise<void>;

/** One connection's state: its calls in flight, its subscriptions (each with its own AbortController). */
export function openConnection(options: ConnectionOptions): DispatcherConnection {
  const { shell, limits, log, peer, label } = options;
  const lifetime = newAbortController();
  const context: CallContext = { shell, signal: lifetime.signal, backlog: () => peer.backlog?.() ?? 0 };
  const pendingCalls = new Set<number>();
  const subscriptions = new Map<number, AbortControllerLike>();
  const notImplemented = options.notImplemented ?? notImplementedError;
  let closed = false;

  const now = options.timings ? () => options.timings!.now() : () => 0;
  let sentChars = 0; // the last message's JSON text: what a timing reports
  const refuse = (what: string, reason: string) => log(`api ${label}: refused ${what}: ${reason}`);
  const plain = (error: unknown): ApiError => options.thrownToApiError(error);

  /** Serialises and sends; answers why not when the message is not JSON-safe or too large. */
  function deliver(message: ServerMessage): ApiError | undefined {
    if (closed) return undefined;
    let json: string;
    try {
      json = JSON.stringify(message);
    } catch {
      return unsendableError('not-json-safe', limits.maxMessageBytes);
    }
    if (options.redactOutgoing) json = options.redactOutgoing(json);
    sentChars = json.length;
    if (isOverUtf8Limit(json, limits.maxMessageBytes)) return unsendableError('too-large', limits.maxMessageBytes);
    try {
      peer.send(message, json);
    } catch (error) {
      log(`api ${label}: could not send a message: ${plain(error).shortMessage}`);
    }
    return undefined;
  }

  function answer(id: number, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): void {
    const message: ServerMessage = outcome.ok ? { t: 'result', id, ok: true, value: outcome.value } : { t: 'result', id, ok: false, error: plain(outcome.error) };
    const problem = deliver(message);
    if (problem) {
      log(`api ${label}: call #${id} answered with ${problem.name} instead of its result`);
      deliver({ t: 'result', id, ok: false, error: problem });
    }
  }

  function end(id: number, error?: unknown): void {
    const problem = deliver(error === undefined ? { t: 'end', id } : { t: 'end', id, error: plain(error) });
    if (problem) deliver({ t: 'end', id, error: problem });
  }

  /** Closes the connection and tells the shell to hang up: nothing could be answered. */
  function hangUp(code: number, reason: string): void {
    if (closed) return;
    log(`api ${label}: closed the connection (${code}): ${reason}`);
    connection.close();
    try {
      peer.hangUp(code, closeReason(reason));
    } catch (error) {
      log(`api ${label}: could not hang up: ${plain(error).shortMessage}`);
    }
  }

  async function call({ id, method: name, input }: Extract<ClientMessage, { t: 'call' }>): Promise<void> {
    if (!Object.hasOwn(methods, name)) {
      refuse(`call #${id} ${quoteInput(name)}`, 'not a method of the contract');
      return answer(id, { ok: false, error: unknownNameError('method', name) });
    }
    if (pendingCalls.size >= limits.maxPendingCalls) {
      refuse(`call #${id} ${quoteInput(name)}`, `more than ${limits.maxPendingCalls} calls in flight`);
      return answer(id, { ok: false, error: tooManyError('calls', limits.maxPendingCalls) });
    }
    const handler = (options.handlers as Record<string, AnyMethodHandler | undefined>)[name];
    if (typeof handler !== 'function') {
      refuse(`call #${id} ${quoteInput(name)}`, 'no handler for it');
      return answer(id, { ok: false, error: notImplemented(name) });
    }
    pendingCalls.add(id);
    try {
      const started = now();
      const schema: z.ZodType = methods[name as MethodName].input;
      const parsed = await schema.safeParseAsync(input);
      if (!parsed.success) {
        refuse(`call #${id} ${quoteInput(name)}`, `invalid input (${describeIssues(parsed.error.issues)})`);
        return answer(id, { ok: false, error: invalidInputError(name, plainIssues(parsed.error.issues)) });
      }
      const checked = now();
      const value = await handler(parsed.data, context);
      const worked = now();
      answer(id, { ok: true, value });
      options.timings?.onTiming({ kind: 'call', name, id, checkMs: checked - started, workMs: worked - checked, sendMs: now() - worked, chars: sentChars });
    } catch (error) {
      answer(id, { ok: false, error });
    } finally {
      pendingCalls.delete(id);
    }
  }

  async function subscribe({ id, topic: name, input }: Extract<ClientMessage, { t: 'subscribe' }>): Promise<void> {
    if (!Object.hasOwn(topics, name)) {
      refuse(`subscription #${id} ${quoteInput(name)}`, 'not a topic of the contract');
      return end(id, unknownNameError('topic', name));
    }
    if (subscriptions.size >= limits.maxSubscriptions) {
      refuse(`subscription #${id} ${quoteInput(name)}`, `more than ${limits.maxSubscriptions} subscriptions`);
      return end(id, tooManyError('subscriptions', limits.maxSubscriptions));
    }
    const handler = (options.topics as Record<string, AnyTopicHandler | undefined>)[name];
    if (typeof handler !== 'function') {
      refuse(`subscription #${id} ${quoteInput(name)}`, 'no handler for it');
      return end(id, notImplemented(name));
    }
    const controller = newAbortController();
    subscriptions.set(id, controller);
    /** Ends the subscription from main's side, unless the renderer already left (then nothing is sent). */
    const finish = (error?: unknown) => {
      if (controller.signal.aborted) return;
      subscriptions.delete(id);
      controller.abort(); // the handler's work is over: release what it hung on the signal
      end(id, error);
    };
    try {
      const started = now();
      const schema: z.ZodType = topics[name as TopicName].input;
      const parsed = await schema.safeParseAsync(input);
      if (controller.signal.aborted) return;
      if (!parsed.success) {
        refuse(`subscription #${id} ${quoteInput(name)}`, `invalid input (${describeIssues(parsed.error.issues)})`);
        return finish(invalidInputError(name, plainIssues(parsed.error.issues)));
      }
      const checked = now();
      let first = true;
      const emit = (payload: unknown) => {
        if (controller.signal.aborted) return; // cancelled: events still in flight are dropped
        const emitted = now();
        const problem = deliver({ t: 'event', id, payload });
        if (first) {
          first = false;
          options.timings?.onTiming({ kind: 'subscription', name, id, checkMs: checked - started, workMs: emitted - checked, sendMs: now() - emitted, chars: sentChars });
        }
        if (problem) {
          log(`api ${label}: subscription #${id} ${quoteInput(name)} ended: an event was ${problem.name}`);
          finish(problem);
        }
      };
      await handler(parsed.data, emit, controller.signal, context);
      finish();
    } catch (error) {
      finish(error);
    }
  }

  function unsubscribe(id: number): void {
    const controller = subscriptions.get(id);
    if (!controller) return; // already ended: the end message and this request crossed
    subscriptions.delete(id);
    controller.abort();
  }

  const connection: DispatcherConnection = {
    get closed() {
      return closed;
    },
    receive(raw) {
      if (closed) return;
      const decoded = decodeClientMessage(raw, limits.maxMessageBytes);
      if (!decoded.ok) {
        refuse('a message', decoded.reason);
        // An answer needs an id the window is not already waiting on for something else.
        if (decoded.id === undefined) return hangUp(decoded.close, decoded.reason);
        if (pendingCalls.has(decoded.id) || subscriptions.has(decoded.id)) return hangUp(API_CLOSE.idInUse, `id ${decoded.id} is already in use`);
        if (decoded.answerAs === 'end') end(decoded.id, invalidMessageError(decoded.reason));
        else answer(decoded.id, { ok: false, error: invalidMessageError(decoded.reason) });
        return;
      }
      const { message } = decoded;
      if (message.t !== 'unsubscribe' && (pendingCalls.has(message.id) || subscriptions.has(message.id))) {
        return hangUp(API_CLOSE.idInUse, `id ${message.id} is already in use`);
      }
      if (message.t === 'call') void call(message);
      else if (message.t === 'subscribe') void subscribe(message);
      else unsubscribe(message.id);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const controller of subscriptions.values()) controller.abort();
      subscriptions.clear();
      pendingCalls.clear();
      lifetime.abort();
    },
  };
  return connection;
}

/** A close reason cut to what a WebSocket close frame can carry (123 UTF-8 bytes), on a character boundary. */
function closeReason(reason: string): string {
  if (utf8Length(reason) <= MAX_CLOSE_REASON_BYTES) return reason;
  let cut = '';
  for (const char of reason) {
    if (utf8Length(`${cut}${char}…`) > MAX_CLOSE_REASON_BYTES) break;
    cut += char;
  }
  return `${cut}…`;
}
