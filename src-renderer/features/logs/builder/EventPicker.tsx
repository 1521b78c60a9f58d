import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import type { EventChoice } from '../../../../src-shared/logs/types';
import { SOURCE_LABEL } from '../../../../src-shared/decoding/types';
import { useApi } from '../../../api/useApi';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Field } from '../../../components/Field';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { networkKey } from '../../../queries/queryKeys';
import { untilSandboxRuns } from '../../../queries/untilSandboxRuns';

/** How a choice reads in the list: its name and arguments with their `indexed` flags and names. */
export const choiceText = (choice: EventChoice) =>
  `${choice.name}(${choice.inputs.map((input) => `${input.type}${input.indexed ? ' indexed' : ''}${input.name ? ` ${input.name}` : ''}`).join(', ')})`;

/**
 * Picks an event by name from imported ABIs, the contract's own metadata (of the first address, when there is
 * one) and the signature database: a combobox (type, arrows, Enter or a click); the chosen event's topic0 goes
 * into the filter.
 */
export function EventPicker({ networkId, address, onPick }: { networkId: string; address: string | undefined; onPick: (choice: EventChoice) => void }) {
  const api = useApi();
  const id = useId();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const deferred = useDeferredValue(search.trim());
  const choices = useQuery({
    queryKey: networkKey(networkId, 'log-events', deferred, address?.toLowerCase() ?? ''),
    queryFn: () => api.call('logs.events', { networkId, search: deferred, ...(address ? { address } : {}) }),
    enabled: open && deferred.length > 0,
    staleTime: 60_000,
    ...untilSandboxRuns,
  });
  const list = choices.data ?? [];
  const shown = open && deferred.length > 0;
  // Focus stays in the input (aria-activedescendant), so the browser does not scroll the list to the active option.
  useEffect(() => {
    if (shown) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [shown, id, active]);
  const pick = (choice: EventChoice | undefined) => {
    if (!choice) return;
    onPick(choice);
    setOpen(false);
    setSearch('');
    setActive(0);
  };
  return (
    <Field
      className="event-picker"
      id={`${id}-search`}
      label="Event (by name)"
      after={
        shown ? (
          <div className="event-choices">
            {choices.isPending ? <p className="muted event-choice-note">Searching…</p> : null}
            {choices.error ? <ErrorNotice error={apiErrorOf(choices.error)} title="Could not search events" /> : null}
            {choices.data?.length === 0 ? <p className="muted event-choice-note">No known event is named like “{deferred}”.</p> : null}
            <ul id={`${id}-list`} role="listbox" aria-label="Events">
              {list.map((choice, index) => (
                <li
                  key={`${choice.topic0}:${choice.source}:${choice.address ?? ''}`}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className="event-choice"
                  // mousedown, not click: the input's blur would close the list first
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(choice);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span className="mono event-choice-signature">{choiceText(choice)}</span>
                  <span className="badge">{SOURCE_LABEL[choice.source]}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null
      }
    >
      {(control) => (
        <input
          {...control}
          className="input"
          role="combobox"
          aria-expanded={shown && list.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={shown && list[active] ? `${id}-option-${active}` : undefined}
          placeholder="Transfer, Swap, Tick…"
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
            else if (event.key === 'ArrowDown') setActive((n) => Math.min(n + 1, Math.max(0, list.length - 1)));
            else if (event.key === 'ArrowUp') setActive((n) => Math.max(0, n - 1));
            else if (event.key === 'Enter' && shown) {
              event.preventDefault();
              pick(list[active]);
            } else return;
            event.preventDefault();
          }}
        />
      )}
    </Field>
  );
}
