import type { ApiError } from './apiError';

// The messages both transports carry (Electron IPC and the web host's WebSocket), so the two
// shells are the same protocol over different pipes.

/** Renderer → main. `id` is chosen by the renderer, unique per connection. */
export type ClientMessage =
  | { t: 'call'; id: number; method: string; input: unknown }
  | { t: 'subscribe'; id: number; topic: string; input: unknown }
  | { t: 'unsubscribe'; id: number };

/** Main → renderer. */
export type ServerMessage =
  | { t: 'result'; id: number; ok: true; value: unknown }
  | { t: 'result'; id: number; ok: false; error: ApiError }
  | { t: 'event'; id: number; payload: unknown }
  | { t: 'end'; id: number; error?: ApiError };

/** Largest message either side accepts, bytes (a guard against runaway payloads). */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

/** Parses and checks the shape of a client message; undefined if it is not one. */
export function parseClientMessage(value: unknown): ClientMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  const id = message.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return undefined;
  switch (message.t) {
    case 'call':
      return typeof message.method === 'string' ? { t: 'call', id, method: message.method, input: message.input } : undefined;
    case 'subscribe':
      return typeof message.topic === 'string' ? { t: 'subscribe', id, topic: message.topic, input: message.input } : undefined;
    case 'unsubscribe':
      return { t: 'unsubscribe', id };
    default:
      return undefined;
  }
}
