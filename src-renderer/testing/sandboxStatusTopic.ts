import type { SandboxStatus } from '../../src-shared/api/sandbox';
import type { TopicHandlers } from '../../src-shared/api/types';

/** The `sandbox.status` topic of a fake API: says `status` once, then stays open until unsubscribed, as main's does. */
export function sandboxStatusTopic(status: SandboxStatus): Partial<TopicHandlers> {
  return {
    'sandbox.status': async (_input, emit, signal) => {
      emit(status);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
    },
  };
}
