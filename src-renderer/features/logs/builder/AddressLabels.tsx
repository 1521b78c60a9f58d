import { useQuery } from '@tanstack/react-query';
import { addressTextProblem } from '../../../../src-shared/chain/addressTextProblem';
import { useApi } from '../../../api/useApi';
import { AddressLink } from '../../../components/chain/ChainLinks';
import { networkKey } from '../../../queries/queryKeys';

/** Most addresses shown with their labels under the field; a longer list is summed up. */
const SHOWN = 8;

/** The valid addresses of the filter with the labels people gave them and a mark for contracts. */
export function AddressLabels({ networkId, addresses }: { networkId: string; addresses: readonly string[] }) {
  const api = useApi();
  const valid = [...new Set(addresses.filter((address) => addressTextProblem(address) === undefined))];
  const shown = valid.slice(0, SHOWN);
  const marks = useQuery({
    queryKey: networkKey(networkId, 'marks', shown.map((address) => address.toLowerCase()).join(',')),
    queryFn: () => api.call('explorer.marks', { networkId, addresses: shown }),
    enabled: shown.length > 0,
    staleTime: 60_000,
  });
  if (shown.length === 0) return null;
  return (
    <ul className="logs-address-labels" aria-label="Addresses in the filter">
      {shown.map((address) => {
        const mark = marks.data?.[address.toLowerCase()];
        return (
          <li key={address}>
            <AddressLink address={address} {...(mark?.label ? { label: mark.label } : {})} {...(mark ? { isContract: mark.isContract } : {})} />
          </li>
        );
      })}
      {valid.length > SHOWN ? <li className="muted">and {valid.length - SHOWN} more</li> : null}
    </ul>
  );
}
