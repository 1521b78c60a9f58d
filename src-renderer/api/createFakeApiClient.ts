import type { z } from 'zod';
import { invalidInputError, isApiError, type ApiError } from '../../src-shared/api/apiError';
import { methods, topics } from '../../src-shared/api/contract';
import type { AbortSignalLike, CallContext, MethodHandlers, TopicHandlers } from '../../src-shared/api/types';
import type { ClientMessage, ServerMessage } from '../../src-shared/api/wire';
import type { ApiTransport } from './apiTransport';
import { createApiClient, type ApiClient } from './createApiClient';

/** The handlers a test gives the fake: any subset of the contract's methods and topics. */
export interface FakeApiHandlers {
  methods?: Partial<MethodHandlers>;
  topics?: Partial<TopicHandlers>;
}

type AnyMethodHandler = (input: unknown, context: CallContext) => Promise<unknown>;
type AnyTopicHandler = (input: unknown, emit: (payload: unknown) => void, signal: AbortSignalLike, context: CallContext) => Promise<void>;

/**
 * The test double of the API: the real client over a pipe that runs the given handlers in the page.
 * Inputs are checked with the contract's schemas and everything crosses as JSON, as in the app; a
 * method or topic without a handler fails with `NotImplementedError` naming it.
 */
export function createFakeApiClient(handlers: FakeApiHandlers, options: { shell?: 'electron' | 'web' } = {}): ApiClient {
  return createApiClient(fakeTransport(handlers, options.shell ?? 'web'));
}

function fakeTransport(handlers: FakeApiHandlers, shell: 'electron' | 'web'): ApiTransport {
  const listeners = new Set<(message: ServerMessage) => void>();
  const lifetime = new AbortController();
  const context: CallContext = { shell, signal: lifetime.signal };
  const subscriptions = new Map<number, AbortController>();

  const reply = (message: ServerMessage) => {
    let copy: ServerMessage;
    try {
      copy = JSON.parse(JSON.stringify(message)) as ServerMessage;
    } catch {
      const error: ApiError = { name: 'OutputNotJsonSafeError', code: 'output_not_json_safe', shortMessage: 'The fake handler answered something that is not JSON-safe.' };
      copy = message.t === 'result' ? { t: 'result', id: message.id, ok: false, error } : { t: 'end', id: message.id, error };
    }
    queueMicrotask(() => listeners.forEach((listener) => listener(copy)));
  };

  async function call({ id, method, input }: Extract<ClientMessage, { t: 'call' }>): Promise<void> {
    try {
      if (!Object.hasOwn(methods, method)) throw { name: 'UnknownMethodError', code: 'unknown_method', shortMessage: `There is no API method named "${method}".` };
      const parsed = await (methods[method as keyof typeof methods].input as z.ZodType).safeParseAsync(input);
      if (!parsed.success) throw invalidInputError(method, issuesOf(parsed.error));
      const handler = handlers.methods?.[method as keyof MethodHandlers] as AnyMethodHandler | undefined;
      if (!handler) throw notInFake(method);
      reply({ t: 'result', id, ok: true, value: await handler(parsed.data, context) });
    } catch (error) {
      reply({ t: 'result', id, ok: false, error: plain(error) });
    }
  }

  async function subscribe({ id, topic, input }: Extract<ClientMessage, { t: 'subscribe' }>): Promise<void> {
    const controller = new AbortController();
    subscriptions.set(id, controller);
    const finish = (error?: unknown) => {
      if (controller.signal.aborted) return;
      subscriptions.delete(id);
      controller.abort();
      reply(error === undefined ? { t: 'end', id } : { t: 'end', id, error: plain(error) });
    };
    try {
      if (!Object.hasOwn(topics, topic)) throw { name: 'UnknownTopicError', code: 'unknown_topic', shortMessage: `There is no API subscription named "${topic}".` };
      const parsed = await (topics[topic as keyof typeof topics].input as z.ZodType).safeParseAsync(input);
      if (!parsed.success) throw invalidInputError(topic, issuesOf(parsed.error));
      const handler = handlers.topics?.[topic as keyof TopicHandlers] as AnyTopicHandler | undefined;
      if (!handler) throw notInFake(topic);
      const emit = (payload: unknown) => {
        if (!controller.signal.aborted) reply({ t: 'event', id, payload });
      };
      await handler(parsed.data, emit, controller.signal, context);
      finish();
    } catch (error) {
      finish(error);
    }
  }

  return {
    send(message) {
      const copy = JSON.parse(JSON.stringify(message)) as ClientMessage;
      if (copy.t === 'call') void call(copy);
      else if (copy.t === 'subscribe') void subscribe(copy);
      else {
        subscriptions.get(copy.id)?.abort();
        subscriptions.delete(copy.id);
      }
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      for (const controller of subscriptions.values()) controller.abort();
      subscriptions.clear();
      lifetime.abort();
    },
  };
}

function notInFake(name: string): ApiError {
  return { name: 'NotImplementedError', code: 'not_implemented', shortMessage: `The fake API has no handler for "${name}"; pass one to createFakeApiClient.` };
}

function issuesOf(error: z.ZodError): { path: (string | number)[]; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))), message: issue.message }));
}

function plain(error: unknown): ApiError {
  if (isApiError(error)) {
    const { name, code, shortMessage, details, data } = error;
    return { name, shortMessage, ...(code !== undefined ? { code } : {}), ...(details !== undefined ? { details } : {}), ...(data !== undefined ? { data } : {}) };
  }
  if (error instanceof Error) return { name: error.name, shortMessage: error.message };
  return { name: 'UnknownError', shortMessage: 'The fake handler threw something that is not an error.' };
}
