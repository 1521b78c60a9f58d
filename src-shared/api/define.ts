import type { z } from 'zod';

/** A request/response method of the contract: input schema, output type (phantom), documentation. */
export interface MethodSpec<Input extends z.ZodType, Output> {
  kind: 'method';
  input: Input;
  doc: string;
  /** Never set; carries the output type. */
  readonly output?: Output;
}

/** A subscription of the contract: input schema, event payload type (phantom), documentation. */
export interface TopicSpec<Input extends z.ZodType, Payload> {
  kind: 'topic';
  input: Input;
  doc: string;
  /** Never set; carries the payload type. */
  readonly payload?: Payload;
}

/** Declares a method; call as `method<Output>()({ input, doc })` so the output type is explicit. */
export function method<Output>() {
  return <Input extends z.ZodType>(spec: { input: Input; doc: string }): MethodSpec<Input, Output> => ({ kind: 'method', ...spec });
}

/** Declares a subscription; call as `topic<Payload>()({ input, doc })`. */
export function topic<Payload>() {
  return <Input extends z.ZodType>(spec: { input: Input; doc: string }): TopicSpec<Input, Payload> => ({ kind: 'topic', ...spec });
}
