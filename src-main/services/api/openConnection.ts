// SECURITY: every message from a window enters main here, whichever shell carries it. Do not loosen
// it: only names that are the contract's OWN keys are called (never prototype names), every input is
// checked with the contract's schema before a handler runs, every error leaves through `toApiError`
// (redacted), refusals are logged with a reason but never with input values, and a closed
// connection aborts all of its work.
import type { z } from 'zod';
import { invalidInputError, type ApiError } from '../../../src-shared/api/apiError';
import { methods, topics } from '../../../src-shared/api/contract';
import type { AbortSignalLike, CallContext, MethodName, TopicName } from '../../../src-shared/api/types';
import type { ClientMessage, ServerMessage } from '../../../src-shared/api/wire';
import { invalidMessageError, notImplementedError, tooManyError, unknownNameError, unsendableError } from './apiErrors';
import type { ApiServices } from './apiServices';
import type { DispatcherConnection, DispatcherLimits, SendServerMessage } from './createDispatcher';
import { decodeClientMessage } from './decodeClientMessage';
import { describeIssues, plainIssues } from './describeIssues';
import { quoteName } from './quoteName';
import { toApiError } from './toApiError';

// The handler maps are typed per name; here a name is only known at run time, after the checks.
type AnyMethodHandler = (input: unknown, context: CallContext) => Promise<unknown>;
type AnyTopicHandler = (input: unknown, emit: (payload: unknown) => void, signal: AbortSignalLike, context: CallContext) => Promise<void>;

interface ConnectionOptions {
  services: ApiServices;
  shell: 'electron' | 'web';
  limits: DispatcherLimits;
  log: (line: string) => void;
  send: SendServerMessage;
  label: string;
}

/** One connection's state: its calls in flight, its subscriptions (each with its own AbortController). */
export function openConnection({ services, shell, limits, log, send, label }: ConnectionOptions): DispatcherConnection {
  const lifetime = new AbortController();
  const context: CallContext = { shell, signal: lifetime.signal };
  const pendingCalls = new Set<number>();
  const subscriptions = new Map<number, AbortController>();
  let closed = false;

  const refuse = (what: string, reason: string) => log(`api ${label}: refused ${what}: ${reason}`);
  const plain = (error: unknown): ApiError => toApiError(error, services.redact);

  /** Serialises and sends; answers why not when the message is not JSON-safe or too large. */
  function deliver(message: ServerMessage): ApiError | undefined {
    if (closed) return undefined;
    let json: string;
    try {
      json = JSON.stringify(message);
    } catch {
      return unsendableError('not-json-safe', limits.maxMessageBytes);
    }
    if (json.length * 3 > limits.maxMessageBytes && Buffer.byteLength(json, 'utf8') > limits.maxMessageBytes) {
      return unsendableError('too-large', limits.maxMessageBytes);
    }
    try {
      send(message, json);
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

  async function call({ id, method: name, input }: Extract<ClientMessage, { t: 'call' }>): Promise<void> {
    if (pendingCalls.has(id) || subscriptions.has(id)) return refuse(`call #${id}`, 'its id is already in use');
    if (!Object.hasOwn(methods, name)) {
      refuse(`call #${id} ${quoteName(name)}`, 'not a method of the contract');
      return answer(id, { ok: false, error: unknownNameError('method', name) });
    }
    if (pendingCalls.size >= limits.maxPendingCalls) {
      refuse(`call #${id} ${quoteName(name)}`, `more than ${limits.maxPendingCalls} calls in flight`);
      return answer(id, { ok: false, error: tooManyError('calls', limits.maxPendingCalls) });
    }
    const handler = (services.handlers as Record<string, AnyMethodHandler | undefined>)[name];
    if (typeof handler !== 'function') {
      refuse(`call #${id} ${quoteName(name)}`, 'no handler for it');
      return answer(id, { ok: false, error: notImplementedError(name) });
    }
    pendingCalls.add(id);
    try {
      const schema: z.ZodType = methods[name as MethodName].input;
      const parsed = await schema.safeParseAsync(input);
      if (!parsed.success) {
        refuse(`call #${id} ${quoteName(name)}`, `invalid input (${describeIssues(parsed.error.issues)})`);
        return answer(id, { ok: false, error: invalidInputError(name, plainIssues(parsed.error.issues)) });
      }
      const value = await handler(parsed.data, context);
      answer(id, { ok: true, value });
    } catch (error) {
      answer(id, { ok: false, error });
    } finally {
      pendingCalls.delete(id);
    }
  }

  async function subscribe({ id, topic: name, input }: Extract<ClientMessage, { t: 'subscribe' }>): Promise<void> {
    if (pendingCalls.has(id) || subscriptions.has(id)) return refuse(`subscription #${id}`, 'its id is already in use');
    if (!Object.hasOwn(topics, name)) {
      refuse(`subscription #${id} ${quoteName(name)}`, 'not a topic of the contract');
      return end(id, unknownNameError('topic', name));
    }
    if (subscriptions.size >= limits.maxSubscriptions) {
      refuse(`subscription #${id} ${quoteName(name)}`, `more than ${limits.maxSubscriptions} subscriptions`);
      return end(id, tooManyError('subscriptions', limits.maxSubscriptions));
    }
    const handler = (services.topics as Record<string, AnyTopicHandler | undefined>)[name];
    if (typeof handler !== 'function') {
      refuse(`subscription #${id} ${quoteName(name)}`, 'no handler for it');
      return end(id, notImplementedError(name));
    }
    const controller = new AbortController();
    subscriptions.set(id, controller);
    /** Ends the subscription from main's side, unless the renderer already left (then nothing is sent). */
    const finish = (error?: unknown) => {
      if (controller.signal.aborted) return;
      subscriptions.delete(id);
      controller.abort(); // the handler's work is over: release what it hung on the signal
      end(id, error);
    };
    try {
      const schema: z.ZodType = topics[name as TopicName].input;
      const parsed = await schema.safeParseAsync(input);
      if (controller.signal.aborted) return;
      if (!parsed.success) {
        refuse(`subscription #${id} ${quoteName(name)}`, `invalid input (${describeIssues(parsed.error.issues)})`);
        return finish(invalidInputError(name, plainIssues(parsed.error.issues)));
      }
      const emit = (payload: unknown) => {
        if (controller.signal.aborted) return; // cancelled: events still in flight are dropped
        const problem = deliver({ t: 'event', id, payload });
        if (problem) {
          log(`api ${label}: subscription #${id} ${quoteName(name)} ended: an event was ${problem.name}`);
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

  return {
    get closed() {
      return closed;
    },
    receive(raw) {
      if (closed) return;
      const decoded = decodeClientMessage(raw, limits.maxMessageBytes);
      if (!decoded.ok) {
        refuse('a message', decoded.reason);
        if (decoded.id === undefined || pendingCalls.has(decoded.id) || subscriptions.has(decoded.id)) return;
        if (decoded.kind === 'call') answer(decoded.id, { ok: false, error: invalidMessageError(decoded.reason) });
        else end(decoded.id, invalidMessageError(decoded.reason));
        return;
      }
      const { message } = decoded;
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
}
