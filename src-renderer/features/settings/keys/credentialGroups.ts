import type { CredentialView } from '../../../../src-shared/api/credentials';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { LOCAL_CREDENTIAL_ID } from '../../../../src-shared/networks/localNetwork';
import { HOSTED_CREDENTIAL_ID, NO_KEY_CREDENTIAL_ID } from '../../../../src-shared/networks/presets';

/** One keychain entry and the networks that use it (the hosted service's key opens all its presets). */
export interface CredentialGroup {
  credentialId: string;
  title: string;
  credential: CredentialView;
  networks: NetworkView[];
}

/** The networks grouped by credential, in list order: Local's first only if it comes first in the list; networks that take no key are left out. */
export function credentialGroups(networks: readonly NetworkView[]): CredentialGroup[] {
  const groups = new Map<string, CredentialGroup>();
  for (const network of networks) {
    if (network.credentialId === NO_KEY_CREDENTIAL_ID) continue;
    const group = groups.get(network.credentialId);
    if (group) group.networks.push(network);
    else groups.set(network.credentialId, { credentialId: network.credentialId, title: titleOf(network), credential: network.credential, networks: [network] });
  }
  return [...groups.values()];
}

function titleOf(network: NetworkView): string {
  if (network.credentialId === HOSTED_CREDENTIAL_ID) return 'Hosted service';
  if (network.credentialId === LOCAL_CREDENTIAL_ID) return 'Local sandbox';
  return network.name;
}

/** "Used by A, B, C and 6 more". */
export function usedBy(networks: readonly NetworkView[]): string {
  const names = networks.map((network) => network.name);
  if (names.length <= 3) return `Used by ${names.join(', ')}`;
  return `Used by ${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}
