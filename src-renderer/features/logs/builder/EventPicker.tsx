import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { EventChoice } from '../../../../src-shared/logs/types';
import { SOURCE_LABEL } from '../../../../src-shared/decoding/types';
import { useApi } from '../../../api/useApi';
import { networkKey } from '../../../queries/queryKeys';

/**
 * Picks an event by name from imported ABIs, contracts' metadata (of the first address, when there is one)
 * and the signature database; the chosen event's topic0 goes into the filter.
 */
export function EventPicker({ networkId, address, onPick }: { networkId: string; address: string | undefined; onPick: (choice: EventChoice) => void }) {
  const api = useApi();
  const id = useId();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const deferred = useDeferredValue(search.trim());
  const choices = useQuery({
    queryKey: networkKey(networkId, 'log-events', deferred, address ?? ''),
    queryFn: () => api.call('logs.events', { networkId, search: deferred, ...(address ? { address } : {}) }),
    enabled: open && deferred.length > 0,
    staleTime: 60_000,
  });
  return (
    <div className="event-picker">
      <label className="field-label" htmlFor={`${id}-search`}>
        Event (by name)
      </label>
      <input
        id={`${id}-search`}
        className="input"
        role="combobox"
        aria-expanded={open && (choices.data?.length ?? 0) > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        placeholder="Transfer, Swap, Tick…"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      />
      {open && deferred ? (
        <ul id={`${id}-list`} className="event-choices" role="listbox" aria-label="Events">
          {choices.isPending ? <li className="muted event-choice-note">Searching…</li> : null}
          {choices.data?.length === 0 ? <li className="muted event-choice-note">No known event is named like “{deferred}”.</li> : null}
          {choices.data?.map((choice) => (
            <li key={`${choice.topic0}:${choice.source}:${choice.address ?? ''}`} role="option" aria-selected={false}>
              <button
                type="button"
                className="event-choice"
                onClick={() => {
                  onPick(choice);
                  setOpen(false);
                  setSearch('');
                }}
              >
                <span className="mono event-choice-signature">{choice.name}({choice.inputs.map((input) => `${input.type}${input.indexed ? ' indexed' : ''}${input.name ? ` ${input.name}` : ''}`).join(', ')})</span>
                <span className="badge">{SOURCE_LABEL[choice.source]}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
