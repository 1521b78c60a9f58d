import { useQuery } from '@tanstack/react-query';
import { placeName } from '../../../src-shared/content/placeName';
import { useApi } from '../../api/useApi';
import { recentOfCidQuery } from './contentQueries';

/**
 * The name a root CID goes by: the one its link carries (`?name=`: an added file's or folder's name, a contract
 * source's), else the one it was last opened by on this network (the recent list in SQLite keeps it), else none:
 * a bare CID nobody named.
 */
export function useRootName(networkId: string, cid: string, routeName: string | undefined): string | undefined {
  const api = useApi();
  const recent = useQuery({ ...recentOfCidQuery(api, networkId, cid), enabled: !routeName });
  if (routeName) return routeName;
  const known = recent.data?.find((item) => item.path === '' && item.name !== '')?.name;
  return known ? placeName(known) || undefined : undefined;
}
