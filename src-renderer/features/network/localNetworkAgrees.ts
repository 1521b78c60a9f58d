import type { NetworkView } from '../../../src-shared/api/networks';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';

/**
 * Whether a network list already says what the sandbox's state says of the Local network: available at the
 * sandbox's origin while it runs, not available otherwise. A list that agrees need not be asked for again at the
 * sandbox's first state; one that does not (fetched while the sandbox was starting, or from before a restart) must.
 */
export function localNetworkAgrees(list: readonly NetworkView[] | undefined, status: SandboxStatus): boolean {
  const local = list?.find((network) => network.kind === 'local');
  if (!local) return false;
  if (status.state !== 'running') return !local.available;
  if (!local.available || status.origin === undefined) return false;
  return originOf(local.rpcUrl) === status.origin;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
