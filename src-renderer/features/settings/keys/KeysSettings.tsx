import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { appInfoQuery } from '../../../queries/appInfo';
import { networksQuery } from '../../../queries/networks';
import { keychainWords } from './keychainWords';
import { CredentialCard } from './CredentialCard';
import { credentialGroups } from './credentialGroups';
import './KeysSettings.css';

/** `/settings/keys`: each credential's status (set or not, its hint), with add, replace and delete. */
export function KeysSettings() {
  const api = useApi();
  const networks = useQuery(networksQuery(api));
  const info = useQuery(appInfoQuery(api));
  return (
    <section className="page" aria-labelledby="keys-title">
      <PageHeader level={2} titleId="keys-title" title="API keys" description={`${keychainWords(info.data?.keychain).lasting} Blockglass shows only a hint of each, and never writes one to disk.`} />
      {networks.isPending ? <LoadingState label="Loading keys…" /> : null}
      {networks.isError ? <ErrorNotice error={apiErrorOf(networks.error)} title="Keys could not be loaded" onRetry={() => void networks.refetch()} /> : null}
      {networks.data ? (
        <div className="keys-list">
          {credentialGroups(networks.data).map((group) => (
            <CredentialCard key={group.credentialId} group={group} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
