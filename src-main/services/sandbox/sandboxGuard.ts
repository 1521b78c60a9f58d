import { guardScript } from '../../../src-node/process/guardScript';

/** The sandbox's credentials, in the order the guard reads them from its stdin. */
export const SANDBOX_SECRET_VARIABLES = ['BLOCKGLASS_SANDBOX_KEY', 'BLOCKGLASS_SANDBOX_SECRET'] as const;

/**
 * The guard that owns the sandbox process (the same one the sandbox uses for its Anvil): when the app dies
 * for any reason, the guard's stdin pipe closes and it sends SIGTERM to the sandbox, which saves its chain
 * and stops its Anvil. It prints `sandbox-pid <pid>` on stderr first. The key and secret reach it as the
 * first two lines of the guard's stdin, so the guard's own environment never holds them.
 */
export const SANDBOX_GUARD = guardScript('sandbox', SANDBOX_SECRET_VARIABLES);
