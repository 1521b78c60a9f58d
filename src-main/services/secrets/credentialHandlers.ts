// SECURITY: keys arrive here from the renderer and go to the keychain; the answer is `{ configured, hint }`
// only. The Local sandbox's key is refused both ways: Blockglass makes it, and the running sandbox would not
// accept another one.
import type { MethodHandlers } from '../../../src-shared/api/types';
import { LOCAL_CREDENTIAL_ID } from '../../../src-shared/networks/localNetwork';
import type { NetworkService } from '../networks/createNetworkService';
import type { SecretStore } from './createSecretStore';
import { LocalCredentialManagedError } from './credentialErrors';

/** Handlers of `credentials.*`. */
export function credentialHandlers({ networks, secrets }: { networks: NetworkService; secrets: Pick<SecretStore, 'status'> }): Pick<MethodHandlers, 'credentials.set' | 'credentials.delete'> {
  const credentialOf = async (networkId: string) => {
    const { credentialId } = await networks.get(networkId);
    if (credentialId === LOCAL_CREDENTIAL_ID) throw new LocalCredentialManagedError();
    return credentialId;
  };
  return {
    'credentials.set': async ({ networkId, apiKey, apiSecret }) => {
      await credentialOf(networkId);
      const { configured, hint } = await networks.setCredential(networkId, apiSecret ? { apiKey, apiSecret } : { apiKey });
      return hint === undefined ? { configured } : { configured, hint };
    },
    'credentials.delete': async ({ networkId }) => {
      const credentialId = await credentialOf(networkId);
      await networks.clearCredential(networkId);
      const { configured, hint } = await secrets.status(credentialId);
      return hint === undefined ? { configured } : { configured, hint };
    },
  };
}
