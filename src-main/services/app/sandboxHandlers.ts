import type { MethodHandlers } from '../../../src-shared/api/types';
import type { AppDeps } from './appDeps';

/** Handlers of `sandbox.*`: the launcher's status and its restart and reset. */
export function sandboxHandlers({ launcher }: AppDeps): Pick<MethodHandlers, 'sandbox.status' | 'sandbox.restart' | 'sandbox.resetChain'> {
  return {
    'sandbox.status': async () => launcher.status(),
    'sandbox.restart': () => launcher.restart(),
    'sandbox.resetChain': () => launcher.resetChain(),
  };
}
