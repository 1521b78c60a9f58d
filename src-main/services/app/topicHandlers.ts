import type { TopicHandlers } from '../../../src-shared/api/types';
import type { HealthEvent } from '../../../src-shared/api/views';
import { LOCAL_NETWORK_ID } from '../../../src-shared/networks/localNetwork';
import { redactApiError, type Redact } from '../errors/redactApiError';
import type { AppDeps } from './appDeps';
import { toAbortSignal } from './toAbortSignal';
import { watchRestartingWithSandbox } from './watchRestartingWithSandbox';
import { whenAborted } from './whenAborted';

/** The subscriptions: a network's live health, and the sandbox's status (now, then every change). */
export function topicHandlers({ rpc, launcher, redact, log }: AppDeps): TopicHandlers {
  return {
    'network.health': ({ networkId }, emit, signal) => {
      // The rpc service redacts the network's own key; this also removes any other secret main knows.
      const forward = (event: HealthEvent) => emit(redactEvent(event, redact));
      if (networkId !== LOCAL_NETWORK_ID) return rpc.watchHealth(networkId, forward, toAbortSignal(signal));
      return watchRestartingWithSandbox(launcher, (inner) => rpc.watchHealth(networkId, forward, inner), signal, { log });
    },

    'sandbox.status': async (_input, emit, signal) => {
      const stop = launcher.onStatus((status) => {
        if (!signal.aborted) emit(status);
      });
      try {
        emit(launcher.status());
        await whenAborted(signal);
      } finally {
        stop();
      }
    },
  };
}

function redactEvent(event: HealthEvent, redact: Redact): HealthEvent {
  return event.error ? { ...event, error: redactApiError(event.error, redact) } : event;
}
