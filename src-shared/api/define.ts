import type { z } from 'zod';

/** A request/response method of the contract: input schema, output type (phantom), documentation. */
export interface MethodSpec<Input extends z.ZodType, Output> {
  kind: 'method';
  input: Input;
  doc: string;
  /** Never set; carries the output type. */
  readonly output?: Output;
}

/**
 * How a subscription behaves: `live` feeds run until cancelled and are restarted by the renderer when they
 * drop (heads, health, status); a `stream` delivers pages and progress, then finishes, and is never restarted
 * by itself (a log query, an upload, a save).
 */
export type TopicMode = 'live' | 'stream';

/** A subscription of the contract: input schema, event payload type (phantom), documentation. */
export interface TopicSpec<Input extends z.ZodType, Payload, Mode extends TopicMode = TopicMode> {
  kind: 'topic';
  mode: Mode;
  input: Input;
  doc: string;
  /** Never set; carries the payload type. */
  readonly payload?: Payload;
}

/** Declares a method; call as `method<Output>()({ input, doc })` so the output type is explicit. */
export function method<Output>() {
  return <Input extends z.ZodType>(spec: { input: Input; doc: string }): MethodSpec<Input, Output> => ({ kind: 'method', ...spec });
}

/** Declares a subscription; call as `topic<Payload>()({ mode, input, doc })`. */
export function topic<Payload>() {
  return <Input extends z.ZodType, Mode extends TopicMode>(spec: { mode: Mode; input: Input; doc: string }): TopicSpec<Input, Payload, Mode> => ({
    kind: 'topic',
    ...spec,
  });
}
