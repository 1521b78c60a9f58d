import { Link } from '../../../components/Link';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { NO_KEY_CREDENTIAL_ID } from '../../../../src-shared/networks/presets';

/** Whether a network's key is set (with its hint), not set, or unknown because the keychain did not answer. */
export function CredentialBadge({ network }: { network: Pick<NetworkView, 'credential' | 'credentialId'> }) {
  const { credential } = network;
  if (network.credentialId === NO_KEY_CREDENTIAL_ID) return <span className="badge" title="This network takes no key">No key</span>;
  if (credential.error) {
    return (
      <span className="badge badge-danger" title={`${credential.error.shortMessage}${credential.error.details ? ` ${credential.error.details}` : ''}`}>
        Keychain unavailable
      </span>
    );
  }
  if (credential.configured) {
    return (
      <span className="credential-hint" title={`Key “${network.credentialId}” is set`}>
        <span className="badge badge-ok">Set</span>
        {credential.hint ? <span className="mono muted">{credential.hint}</span> : null}
      </span>
    );
  }
  return (
    <Link to="~/settings/keys" className="badge" title={`No key for “${network.credentialId}”; add one in API keys`}>
      Not set
    </Link>
  );
}
