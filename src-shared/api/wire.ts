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

/**
 * Main → renderer over Electron's IPC, which has no close frame of its own: main hung up on the
 * window's connection (same codes as the WebSocket's close, see `closeCodes.ts`). The next message
 * the window sends opens a new connection.
 */
export interface PipeClosedMessage {
  t: 'closed';
  code: number;
  reason: string;
}

/** Largest message either side accepts, bytes (a guard against runaway payloads). */
export const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
