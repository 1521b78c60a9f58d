import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { classifyQuery } from '../../../src-shared/search/classifyQuery';
import { describeQuery } from '../../../src-shared/search/describeQuery';
import { Icon } from '../../components/Icon';
import { useUiStore } from '../../state/useUiStore';
import { searchRoute } from './searchRoute';
import { useSearchHotkeys } from './useSearchHotkeys';
import './GlobalSearch.css';

/**
 * The global search box: a block number or tag, a hash, an address or a CID opens the screen that shows
 * it; anything else gets a specific message under the box. Focus it with `/` or Ctrl/Cmd+K.
 */
export function GlobalSearch() {
  const draft = useUiStore((state) => state.searchDraft);
  const setDraft = useUiStore((state) => state.setSearchDraft);
  const [, navigate] = useLocation();
  const [message, setMessage] = useState<string | undefined>();
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const messageId = useId();
  const hintId = useId();
  useSearchHotkeys(input);

  const classified = useMemo(() => classifyQuery(draft), [draft]);
  const target = classified.kind === 'empty' || classified.kind === 'invalid' ? undefined : classified;
  // While typing, the box says what the text looks like (or what it lacks); after Enter, a refusal says why.
  const said = useMemo(() => describeQuery(draft, classified), [draft, classified]);
  const showHint = focused && said !== undefined && message === undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (classified.kind === 'empty') return;
    if (classified.kind === 'invalid') {
      setMessage(classified.message);
      return;
    }
    setMessage(undefined);
    setDraft('');
    input.current?.blur();
    navigate(searchRoute(classified));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    if (message !== undefined) setMessage(undefined);
    else if (draft !== '') setDraft('');
    else input.current?.blur();
  };

  return (
    <form role="search" className="global-search" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search
      </label>
      <div className="global-search-box" data-invalid={message !== undefined}>
        <Icon name="search" />
        <input
          ref={input}
          id={inputId}
          type="search"
          className="global-search-input"
          placeholder="Block, transaction hash, address or CID"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          aria-invalid={message !== undefined}
          aria-describedby={message !== undefined ? messageId : showHint ? hintId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setMessage(undefined);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        {!focused && draft === '' ? (
          <span className="global-search-keys" aria-hidden="true">
            <kbd>/</kbd>
          </span>
        ) : null}
      </div>
      {message !== undefined ? (
        <p id={messageId} className="global-search-popover global-search-message" role="alert">
          {message}
        </p>
      ) : null}
      {/* A live region is announced only when it was in the page before its text changed: it stays, and its
          text comes and goes. */}
      <div className="global-search-live" role="status" aria-live="polite">
        {showHint && said ? (
          <p id={hintId} className="global-search-popover global-search-hint" data-tone={said.tone}>
            <span className="global-search-hint-words">{said.words}</span>
            {target ? (
              <>
                <span className="global-search-hint-route mono">{searchRoute(target)}</span>
                <kbd aria-label="Enter">↵</kbd>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </form>
  );
}
