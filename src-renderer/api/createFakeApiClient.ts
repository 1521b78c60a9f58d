import { isApiError, type ApiError } from '../../src-shared/api/apiError';
import { DEFAULT_DISPATCHER_LIMITS, type DispatcherConnection } from '../../src-shared/api/dispatcherTypes';
import { openConnection } from '../../src-shared/api/openConnection';
import { createTransportListeners } from '../../src-shared/api/transportListeners';
import type { MethodHandlers, TopicHandlers } from '../../src-shared/api/types';
import type { ServerMessage } from '../../src-shared/api/wire';
import type { ApiTransport } from './apiTransport';
import { createApiClient, type ApiClient } from './createApiClient';

/** The handlers a test gives the fake: any subset of the contract's methods and topics. */
export interface FakeApiHandlers {
  methods?: Partial<MethodHandlers>;
  topics?: Partial<TopicHandlers>;
}

/**
 * The test double of the API: the real client over a pipe into the dispatcher's own connection core
 * (`src-shared/api/openConnection`, the code main runs), with the given handlers in the page. Lookup,
 * schema checks, limits and error shapes are main's; everything crosses as JSON text; a method or
 * topic without a handler fails with `NotImplementedError` naming it.
 */
export function createFakeApiClient(handlers: FakeApiHandlers, options: { shell?: 'electron' | 'web' } = {}): ApiClient {
  return createApiClient(fakeTransport(handlers, options.shell ?? 'web'));
}

/** The fake's pipe on its own, for what takes a transport rather than a client (a first frame, app/renderFirstFrame.tsx). */
export function fakeTransport(handlers: FakeApiHandlers, shell: 'electron' | 'web'): ApiTransport {
  const listeners = createTransportListeners();
  let connection: DispatcherConnection;

  const open = () => {
    const current: DispatcherConnection = openConnection({
      handlers: handlers.methods ?? {},
      topics: handlers.topics ?? {},
      shell,
      limits: DEFAULT_DISPATCHER_LIMITS,
      thrownToApiError: plain,
      notImplemented: notInFake,
      log: () => undefined,
      label: 'fake',
      peer: {
        send: (_message, json) => queueMicrotask(() => listeners.message(JSON.parse(json) as ServerMessage)),
        // As in Electron: report the hang-up, and the next message goes to a new connection.
        hangUp: (code, reason) =>
          queueMicrotask(() => {
            if (connection !== current) return;
            connection = open();
            listeners.connection(false, { code, reason });
            listeners.connection(true);
          }),
      },
    });
    return current;
  };
  connection = open();

  return {
    send(message) {
      const json = JSON.stringify(message);
      const target = connection;
      queueMicrotask(() => target.receive(json));
    },
    onMessage: listeners.onMessage,
    onConnectionChange: listeners.onConnectionChange,
    isConnected: () => true,
    close() {
      connection.close();
    },
  };
}

function notInFake(name: string): ApiError {
  return { name: 'NotImplementedError', kind: 'internal', code: 'not_implemented', shortMessage: `The fake API has no handler for "${name}"; pass one to createFakeApiClient.` };
}

/** The fake's error conversion: main's shape without main's redactor (the page holds no key). */
function plain(error: unknown): ApiError {
  if (isApiError(error)) {
    const { name, kind, code, shortMessage, details, nodeSaid, data } = error;
    return { name, kind, shortMessage, ...(code !== undefined ? { code } : {}), ...(details !== undefined ? { details } : {}), ...(nodeSaid !== undefined ? { nodeSaid } : {}), ...(data !== undefined ? { data } : {}) };
  }
  if (error instanceof Error) return { name: error.name, kind: error.name === 'AbortError' ? 'cancelled' : 'internal', shortMessage: error.message };
  return { name: 'UnknownError', kind: 'internal', shortMessage: 'The fake handler threw something that is not an error.' };
}
