import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../components/Link';
import { isApiErrorFix } from '../../../src-shared/api/apiError';
import type { NetworkView } from '../../../src-shared/api/networks';
import { LOCAL_ESTIMATE_LABEL } from '../../../src-shared/gas/gasTypes';
import { useApi } from '../../api/useApi';
import { Select } from '../../components/Select';
import { gasSettingsKey, gasSettingsQuery } from './gasQueries';
import { congestionWord } from './gasFormat';
import { Gwei } from './Gwei';
import { useGasFeed } from './useGasFeed';
import { groupDigits } from '../../../src-shared/text/groupDigits';

/** One network's headline figures, side by side with the others. */
function CompareTile({ network, focused, onFocus, onRemove }: { network: NetworkView; focused: boolean; onFocus: () => void; onRemove?: () => void }) {
  const { snapshot, error } = useGasFeed(network.id);
  return (
    <article className={`card gas-tile ${focused ? 'gas-tile-focused' : ''}`} aria-label={`${network.name} gas`} data-network={network.id}>
      <button type="button" className="gas-tile-main" onClick={onFocus} aria-pressed={focused} title={`Show ${network.name} in detail`}>
        <span className="gas-tile-name">{network.name}</span>
        {snapshot ? (
          <>
            <span className="gas-tile-figure">
              <Gwei gwei={snapshot.suggestion.medium.suggestedMaxFeePerGas} className="mono" /> <span className="muted">gwei medium max fee</span>
            </span>
            <span className="muted gas-tile-line">
              base <Gwei gwei={snapshot.suggestion.estimatedBaseFee} /> gwei · {congestionWord(snapshot.suggestion.networkCongestion).toLowerCase()} · block #{groupDigits(snapshot.suggestionBlock)}
            </span>
            <span className={`badge ${snapshot.source === 'api' ? 'badge-ok' : 'badge-warn'}`}>{snapshot.source === 'api' ? 'gas API' : LOCAL_ESTIMATE_LABEL}</span>
          </>
        ) : error ? (
          <span className="gas-tile-error">{error.shortMessage}</span>
        ) : (
          <span className="muted">Polling…</span>
        )}
      </button>
      {!snapshot && error && isApiErrorFix(error.fix) ? (
        <Link to={`~${error.fix.route}`} className="btn btn-small gas-tile-fix">
          {error.fix.label}
        </Link>
      ) : null}
      {onRemove ? (
        <button type="button" className="btn btn-small btn-ghost gas-tile-remove" onClick={onRemove} aria-label={`Stop comparing ${network.name}`}>
          ×
        </button>
      ) : null}
    </article>
  );
}

/** The focused network and the ones the person compares it with, side by side; networks are added from a list and kept in settings. */
export function CompareStrip({ networks, focusedId, onFocus }: { networks: NetworkView[]; focusedId: string; onFocus: (networkId: string) => void }) {
  const api = useApi();
  const client = useQueryClient();
  const settings = useQuery(gasSettingsQuery(api));
  const compare = settings.data?.compare ?? [];
  const update = useMutation({
    mutationFn: (next: string[]) => api.call('gas.updateSettings', { compare: next }),
    onSuccess: (saved) => client.setQueryData(gasSettingsKey, saved),
  });
  const evm = networks.filter((network) => network.family === 'evm');
  const shownIds = [...new Set([focusedId, ...compare])].filter((networkId) => evm.some((network) => network.id === networkId));
  const addable = evm.filter((network) => !shownIds.includes(network.id));
  return (
    <section className="gas-compare" aria-label="Networks side by side">
      {shownIds.map((networkId) => {
        const network = evm.find((candidate) => candidate.id === networkId)!;
        return (
          <CompareTile
            key={networkId}
            network={network}
            focused={networkId === focusedId}
            onFocus={() => onFocus(networkId)}
            {...(compare.includes(networkId) ? { onRemove: () => update.mutate(compare.filter((other) => other !== networkId)) } : {})}
          />
        );
      })}
      {addable.length > 0 && shownIds.length < 6 ? (
        <Select
          className="gas-compare-add"
          label="Compare with"
          value=""
          onChange={(event) => {
            if (event.target.value) update.mutate([...compare.filter((other) => other !== focusedId), focusedId, event.target.value].filter((value, index, all) => all.indexOf(value) === index));
          }}
        >
          <option value="">Add a network…</option>
          {addable.map((network) => (
            <option key={network.id} value={network.id}>
              {network.name}
            </option>
          ))}
        </Select>
      ) : null}
    </section>
  );
}
