import type { ApiError } from '../../src-shared/api/apiError';
import type { ServerMessage } from '../../src-shared/api/wire';
import type { ApiTransport } from './apiTransport';

/** A transport that answers every call and subscription with `error`: the page cannot reach main, and says why. */
export function refusingTransport(error: ApiError): ApiTransport {
  const listeners = new Set<(message: ServerMessage) => void>();
  const reply = (message: ServerMessage) => queueMicrotask(() => listeners.forEach((listener) => listener(message)));
  return {
    send(message) {
      if (message.t === 'call') reply({ t: 'result', id: message.id, ok: false, error });
      else if (message.t === 'subscribe') reply({ t: 'end', id: message.id, error });
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
