import type { CallContext, MethodHandlers, TopicHandlers, TopicName, TopicPayload } from '../../../../src-shared/api/types';

/** A call context as a shell gives it, with a signal that never aborts. */
export function callContext(): CallContext {
  return { shell: 'web', signal: new AbortController().signal };
}

/** Runs subscription `topic` until `enough` says so (or `timeoutMs` passes); its events, and whether it ended cleanly. */
export async function collectTopic<T extends TopicName>(
  topics: TopicHandlers,
  topic: T,
  input: Parameters<TopicHandlers[T]>[0],
  enough: (events: TopicPayload<T>[]) => boolean,
  timeoutMs = 30_000,
): Promise<TopicPayload<T>[]> {
  const events: TopicPayload<T>[] = [];
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const handler = topics[topic] as (input: unknown, emit: (payload: TopicPayload<T>) => void, signal: AbortSignal, context: CallContext) => Promise<void>;
  await handler(
    input,
    (event) => {
      events.push(event);
      if (enough(events)) controller.abort();
    },
    controller.signal,
    callContext(),
  );
  clearTimeout(timer);
  return events;
}

/** What a handler call threw (it must throw). */
export async function refusal<M extends keyof MethodHandlers>(handlers: MethodHandlers, method: M, input: Parameters<MethodHandlers[M]>[0]): Promise<unknown> {
  const call = handlers[method] as (input: unknown, context: CallContext) => Promise<unknown>;
  try {
    await call(input, callContext());
  } catch (error) {
    return error;
  }
  throw new Error(`${method} did not refuse`);
}

/** Polls `check` until it holds; throws naming `what` after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
