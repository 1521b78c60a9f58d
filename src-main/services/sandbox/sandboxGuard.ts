import { guardScript } from '../../../src-shared/process/guardScript';

/**
 * The guard that owns the sandbox process (the same one the sandbox uses for its Anvil): when the app dies
 * for any reason, the guard's stdin pipe closes and it sends SIGTERM to the sandbox, which saves its chain
 * and stops its Anvil. It prints `sandbox-pid <pid>` on stderr first.
 */
export const SANDBOX_GUARD = guardScript('sandbox');
