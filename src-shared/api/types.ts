import type { z } from 'zod';
import type { methods, topics } from './contract';
import type { ApiError } from './apiError';

/** Names of the contract's methods. */
export type MethodName = keyof typeof methods;
/** Names of the contract's subscriptions. */
export type TopicName = keyof typeof topics;
/** The live feeds: restarted by the renderer when they drop. */
export type LiveTopicName = { [T in TopicName]: (typeof topics)[T]['mode'] extends 'live' ? T : never }[TopicName];
/** The finite streams: pages, progress, an end; never restarted by themselves. */
export type StreamTopicName = { [T in TopicName]: (typeof topics)[T]['mode'] extends 'stream' ? T : never }[TopicName];

/** What a method takes, as the caller writes it (before the schema's defaults and transforms). */
export type MethodInput<M extends MethodName> = z.input<(typeof methods)[M]['input']>;
/** What a method's handler receives after validation. */
export type MethodParsedInput<M extends MethodName> = z.output<(typeof methods)[M]['input']>;
/** What a method answers. */
export type MethodOutput<M extends MethodName> = NonNullable<(typeof methods)[M]['output']>;

/** What a subscription takes, as the caller writes it. */
export type TopicInput<T extends TopicName> = z.input<(typeof topics)[T]['input']>;
/** What a subscription's handler receives after validation. */
export type TopicParsedInput<T extends TopicName> = z.output<(typeof topics)[T]['input']>;
/** One event of a subscription. */
export type TopicPayload<T extends TopicName> = NonNullable<(typeof topics)[T]['payload']>;

/** The part of `AbortSignal` the contract needs (src-shared sees no DOM or Node types; both runtimes' signals fit). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Who is calling: the shell checked the sender before the handler runs. */
export interface CallContext {
  shell: 'electron' | 'web';
  /** Aborted when the caller goes away (window closed, socket dropped). */
  signal: AbortSignalLike;
  /**
   * Bytes sent to the window that it has not taken yet, where the pipe can tell (the web host's socket).
   * A stream that can outrun the window (a log query's pages) waits while it is high, rather than being cut
   * off for not reading.
   */
  backlog?(): number;
}

/** The main side's implementation of every method: a missing or mistyped handler is a compile error. */
export type MethodHandlers = {
  [M in MethodName]: (input: MethodParsedInput<M>, context: CallContext) => Promise<MethodOutput<M>>;
};

/**
 * The main side's implementation of every subscription. It emits events until `signal` aborts
 * (the renderer cancelled, or went away); it must stop its network work then. A thrown error ends
 * the subscription with that error.
 */
export type TopicHandlers = {
  [T in TopicName]: (input: TopicParsedInput<T>, emit: (payload: TopicPayload<T>) => void, signal: AbortSignalLike, context: CallContext) => Promise<void>;
};

/** A call's result as it crosses the boundary: results, not throws. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };
