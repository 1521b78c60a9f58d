import type { MethodHandlers, TopicHandlers } from '../../../src-shared/api/types';
import { whenAborted } from '../api/whenAborted';
import type { SandboxLauncher } from './createSandboxLauncher';

/** Handlers of `sandbox.*`: the launcher's status (now, then every change), its restart and reset. */
export function sandboxHandlers(launcher: Pick<SandboxLauncher, 'status' | 'onStatus' | 'restart' | 'resetChain'>): {
  methods: Pick<MethodHandlers, 'sandbox.status' | 'sandbox.restart' | 'sandbox.resetChain'>;
  topics: Pick<TopicHandlers, 'sandbox.status'>;
} {
  return {
    methods: {
      'sandbox.status': async () => launcher.status(),
      'sandbox.restart': () => launcher.restart(),
      'sandbox.resetChain': () => launcher.resetChain(),
    },
    topics: {
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
    },
  };
}
