import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/useApi';
import { ContentMatchLine } from '../../components/content/ContentMatchLine';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useNow } from '../../hooks/useNow';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { contentFindQuery } from '../../queries/contentFind';
import { countOf } from '../../../src-shared/text/countOf';

/** Matches listed at most; more are said to be there. */
const FIND_LIMIT = 50;

/** What "Find by name" found on a network: each match's name (opening it), CID, size and when it was added or named. */
export function FoundContent({ networkId, text }: { networkId: string; text: string }) {
  const api = useApi();
  const now = useNow(30_000);
  const settled = useDebouncedValue(text.trim(), 200);
  const found = useQuery({ ...contentFindQuery(api, networkId, settled, FIND_LIMIT), enabled: settled !== '' });
  const matches = found.data?.matches ?? [];
  return (
    <section className="card content-found" aria-labelledby="content-found-title" aria-busy={found.isFetching}>
      <h2 id="content-found-title" className="section-title">
        Found by name
      </h2>
      {found.error ? <ErrorNotice error={apiErrorOf(found.error)} title="Could not search the names" onRetry={() => void found.refetch()} /> : null}
      {found.data && matches.length === 0 ? (
        <p className="muted" role="status">
          {found.data.none}
        </p>
      ) : null}
      {!found.data && !found.error ? <p className="muted">Looking…</p> : null}
      {matches.length > 0 ? (
        <>
          <p className="muted" role="status">
            {found.data!.truncated ? `The first ${FIND_LIMIT} matches of “${found.data!.text}”; type more of the name to narrow them.` : `${countOf(matches.length, 'match', 'matches')} for “${found.data!.text}”.`}
          </p>
          <ul className="content-found-list" aria-label="Content found by name">
            {matches.map((match) => (
              <li key={`${match.rootCid}/${match.path}\n${match.name}`}>
                <ContentMatchLine match={match} now={now} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
