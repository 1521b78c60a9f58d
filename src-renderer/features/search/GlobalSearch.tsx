import { useNavigate } from '../../components/Link';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentNameMatch } from '../../../src-shared/content/contentTypes';
import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useApi } from '../../api/useApi';
import { ContentMatchLine } from '../../components/content/ContentMatchLine';
import { contentMatchRoute } from '../../components/content/contentMatchRoute';
import { useNow } from '../../hooks/useNow';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useSelectedNetwork } from '../../hooks/useSelectedNetwork';
import { contentFindQuery } from '../../queries/contentFind';
import { unknownTextWords } from './describeText';
import { classifyQuery } from '../../../src-shared/search/classifyQuery';
import { describeQuery } from '../../../src-shared/search/describeQuery';
import { Icon } from '../../components/Icon';
import { useUiStore } from '../../state/useUiStore';
import { searchRoute } from './searchRoute';
import { useSearchHotkeys } from './useSearchHotkeys';
import './GlobalSearch.css';

/** Content offered under the box for a name, at most. */
const NAME_MATCHES = 6;

/**
 * The global search box: a block number or tag, a hash, an address or a CID opens the screen that shows
 * it; other text is looked up as a name content goes by on the network (added, named, pinned), whose matches are
 * offered under the box; anything else gets a specific message under the box. Focus it with `/` or Ctrl/Cmd+K.
 */
export function GlobalSearch() {
  const draft = useUiStore((state) => state.searchDraft);
  const setDraft = useUiStore((state) => state.setSearchDraft);
  const navigate = useNavigate();
  const [message, setMessage] = useState<string | undefined>();
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const messageId = useId();
  const hintId = useId();
  useSearchHotkeys(input);

  const classified = useMemo(() => classifyQuery(draft), [draft]);
  const target = classified.kind === 'empty' || classified.kind === 'invalid' ? undefined : classified;
  // Text that is no block, hash, address or CID may be a name: of a file added, a CID named, a pin.
  const api = useApi();
  const queryClient = useQueryClient();
  const network = useSelectedNetwork();
  const now = useNow(30_000);
  const asName = classified.kind === 'invalid' && (classified.reason === 'unrecognised' || classified.reason === 'ens') ? draft.trim() : '';
  const settledName = useDebouncedValue(asName, 150);
  const found = useQuery(
    network && settledName !== '' ? contentFindQuery(api, network.id, settledName, NAME_MATCHES) : { queryKey: ['content find', 'nothing to find'], queryFn: skipToken },
  );
  const named = asName !== '' && found.data?.text === asName ? found.data : undefined;
  const matches = named?.matches ?? [];
  // While typing, the box says what the text looks like (or what it lacks); after Enter, a refusal says why.
  const said = useMemo(() => {
    if (asName !== '' && named && named.matches.length === 0 && classified.kind === 'invalid' && classified.reason === 'unrecognised') {
      return { tone: 'short' as const, words: unknownTextWords(asName, network?.name) };
    }
    return describeQuery(draft, classified);
  }, [draft, classified, asName, named, network?.name]);
  const showMatches = focused && message === undefined && matches.length > 0;
  const showHint = focused && said !== undefined && message === undefined && !showMatches;

  const close = () => {
    setMessage(undefined);
    setDraft('');
    input.current?.blur();
  };

  // A name content goes by opens its best match; text that names nothing says what it looks like.
  const answerName = (text: string, found: readonly ContentNameMatch[]) => {
    if (found[0]) {
      close();
      navigate(contentMatchRoute(found[0]));
      return;
    }
    setMessage(text !== '' && classified.kind === 'invalid' && classified.reason === 'unrecognised' ? unknownTextWords(text, network?.name) : classified.kind === 'invalid' ? classified.message : undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (classified.kind === 'empty') return;
    if (classified.kind === 'invalid') {
      if (asName !== '' && network && !named) {
        // Enter before the matches came (the box asks once typing pauses): ask now, then answer as below.
        const text = asName;
        void queryClient
          .fetchQuery(contentFindQuery(api, network.id, text, NAME_MATCHES))
          .then((result) => answerName(text, result.matches))
          .catch(() => setMessage(classified.message));
        return;
      }
      answerName(asName, matches);
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
    <form
      role="search"
      className="global-search"
      onSubmit={submit}
      // Focus anywhere in the box or its list of matches keeps the list open: Tab goes from the box to the matches.
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
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
      {showMatches ? (
        // Pressing on a match must not blur the box first (that would close the list before the click lands).
        <div className="global-search-popover global-search-found" onMouseDown={(event) => event.preventDefault()}>
          <p className="global-search-found-title">Content on {network?.name ?? 'this network'} by this name</p>
          <ul aria-label="Content by this name">
            {matches.map((match) => (
              <li key={`${match.rootCid}/${match.path}\n${match.name}`}>
                <ContentMatchLine match={match} now={now} compact onOpen={close} />
              </li>
            ))}
          </ul>
          {named?.truncated ? <p className="global-search-found-more">More match: type more of the name, or use Find by name in Content.</p> : null}
        </div>
      ) : null}
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
