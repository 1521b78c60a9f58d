import path from 'node:path';
import type { ApiError } from '../../../../src-shared/api/apiError';
import type { MethodInput, MethodName, MethodOutput, TopicInput, TopicName, TopicPayload } from '../../../../src-shared/api/types';
import type { ClientMessage, ServerMessage } from '../../../../src-shared/api/wire';

// Contract tests join both ends in one process, as VS Code's IPC tests do: main's dispatcher and
// the renderer's real client. The client is loaded by path on purpose: main's TypeScript project
// cannot include renderer files (TS6307) and the lint zones forbid main importing the renderer, so
// the shape it is used with is restated here from the shared contract types.

/** The renderer's transport interface, as the tests drive it. */
export interface RendererTransport {
  send(message: ClientMessage): void;
  onMessage(listener: (message: ServerMessage) => void): () => void;
  onConnectionChange?(listener: (connected: boolean, closure?: { code: number; reason: string }) => void): () => void;
  isConnected?(): boolean;
  close?(): void;
}

/** The renderer's `ApiClient`, as the tests use it. */
export interface RendererApiClient {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  subscribe<T extends TopicName>(topic: T, input: TopicInput<T>, handlers: { onEvent(payload: TopicPayload<T>): void; onEnd?(error?: ApiError): void }): () => void;
  isConnected(): boolean;
  onConnectionChange(listener: (connected: boolean, error?: ApiError) => void): () => void;
  close(): void;
}

/** What `src-renderer/api/ApiCallError.ts` exports. */
export interface RendererApiCallError extends Error {
  error: ApiError;
  method: string;
}

const apiFolder = path.resolve(import.meta.dirname, '../../../../src-renderer/api');

/** Loads the renderer's `createApiClient` and `ApiCallError`. */
export async function loadRendererClient(): Promise<{
  createApiClient(transport: RendererTransport): RendererApiClient;
  ApiCallError: new (method: string, error: ApiError) => RendererApiCallError;
}> {
  const [client, errors] = await Promise.all([
    import(/* @vite-ignore */ path.join(apiFolder, 'createApiClient.ts')) as Promise<{ createApiClient(transport: RendererTransport): RendererApiClient }>,
    import(/* @vite-ignore */ path.join(apiFolder, 'ApiCallError.ts')) as Promise<{ ApiCallError: new (method: string, error: ApiError) => RendererApiCallError }>,
  ]);
  return { createApiClient: client.createApiClient, ApiCallError: errors.ApiCallError };
}

/** Loads the renderer's `webSocketTransport`. */
export async function loadRendererWebSocketTransport(): Promise<{
  webSocketTransport(options: { url: string; token: string; WebSocket?: unknown; backoff?: { initialMs: number; maxMs: number } }): RendererTransport & { close(): void };
}> {
  return (await import(/* @vite-ignore */ path.join(apiFolder, 'webSocketTransport.ts'))) as never;
}
