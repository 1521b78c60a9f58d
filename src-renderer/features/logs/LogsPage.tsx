import { useNavigate } from '../../components/Link';
import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { NetworkView } from '../../../src-shared/api/networks';
import { logQueryProblems } from '../../../src-shared/logs/logQuery';
import { logQueryFromSearch, logQueryToSearch } from '../../../src-shared/logs/logQueryUrl';
import type { EventChoice, LogQuery, LogRow, SavedLogQuery } from '../../../src-shared/logs/types';
import { useApi } from '../../api/useApi';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { useStream } from '../../hooks/useStream';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { networkKey } from '../../queries/queryKeys';
import { untilSandboxRuns } from '../../queries/untilSandboxRuns';
import { EMPTY_FORM, formToQuery, queryToForm, type BuilderForm } from './builder/builderForm';
import { encodeIndexedValues, type IndexedValues } from './builder/IndexedArguments';
import { QueryBuilder } from './builder/QueryBuilder';
import { RequestPreview } from './builder/RequestPreview';
import { createRunPageInterner } from './results/internRunPages';
import { LogResults } from './results/LogResults';
import { PreflightPanel } from './run/PreflightPanel';
import { RunProgress } from './run/RunProgress';
import { SavedQueries } from './saved/SavedQueries';
import { LiveTail } from './tail/LiveTail';
import { useDebounced } from './useDebounced';
import { useThrottled } from './useThrottled';
import './logs.css';

// The builder, the request and the saved queries do not change when a run starts or its rows come: they are
// skipped then (the click's render drew the whole form again, before the run's first answers could be taken).
const BuilderPart = memo(QueryBuilder);
const RequestPart = memo(RequestPreview);
const SavedPart = memo(SavedQueries);

/** Rows in one page of a run (main sends about a thousand at a time). */
const ROWS_PER_PAGE = 1_000;

/** The builder, its checks, a run with its results, the live tail and the saved queries, for one network. */
export function LogsPage({ network }: { network: NetworkView }) {
  const api = useApi();
  const networkId = network.id;
  const search = useSearch();
  const navigate = useNavigate();
  // A link fills the builder (`/logs?address=…&topic0=…`); what it got wrong is said, not guessed.
  const fromLink = useMemo(() => (search ? logQueryFromSearch(search) : undefined), [search]);
  const [form, setForm] = useState<BuilderForm>(() => (fromLink ? queryToForm(fromLink.query) : EMPTY_FORM));
  const [choice, setChoice] = useState<EventChoice | undefined>();
  const [indexedValues, setIndexedValues] = useState<IndexedValues>([]);
  const [runInput, setRunInput] = useState<{ networkId: string; query: LogQuery } | undefined>();
  const [following, setFollowing] = useState(false);

  const query = useMemo(() => formToQuery(form), [form]);
  const problems = useMemo(() => logQueryProblems(query), [query]);
  const valid = problems.length === 0;
  const checked = useDebounced(valid ? query : undefined, 400);
  const preflight = useQuery({
    queryKey: networkKey(networkId, 'log-preflight', checked),
    queryFn: () => api.call('logs.preflight', { networkId, query: checked! }),
    enabled: checked !== undefined,
    staleTime: 10_000,
    ...untilSandboxRuns,
  });

  const run = useStream('logs.run', runInput);
  // Run before the Local sandbox is up (a link opened with the app): wait for it rather than fail.
  const [waits, setWaits] = useState(0);
  const [stoppedWaiting, setStoppedWaiting] = useState(false);
  const waitingForSandbox = run.status === 'failed' && run.error?.code === 'LOCAL_NOT_RUNNING' && waits < 120;
  const { rerun } = run;
  useEffect(() => {
    if (!waitingForSandbox) return;
    const timer = setTimeout(() => {
      setWaits((n) => n + 1);
      rerun();
    }, 500);
    return () => clearTimeout(timer);
  }, [waitingForSandbox, rerun]);
  // The table takes new rows at most every 400 ms, and less often as it grows (its model is rebuilt for each):
  // with 100,000 rows, every 2.5 s. The progress line counts every log as it comes.
  // The first page of rows goes straight through.
  const firstRows = run.pages.filter((page) => page.kind === 'rows').length <= 1;
  const shownPages = useThrottled(run.pages, 400 + Math.floor((run.pages.length * ROWS_PER_PAGE) / 50), run.status !== 'running' || firstRows);
  const started = run.pages.find((page) => page.kind === 'started');
  const runId = started?.kind === 'started' ? started.runId : undefined;
  // One pool per run; each page is interned once, when it is first shown.
  const [internerForRun] = useState(() => createRunPageInterner());
  const rows = useMemo(() => {
    const intern = internerForRun(runId);
    return shownPages.flatMap((page): LogRow[] => (page.kind === 'rows' ? intern(page) : []));
  }, [shownPages, runId, internerForRun]);
  const progress = run.pages.at(-1)?.progress;

  const start = (target: LogQuery) => {
    setWaits(0);
    setStoppedWaiting(false);
    const input = { networkId, query: target };
    run.begin(input); // asked now; the render below shows it
    if (!runInput || JSON.stringify(runInput) !== JSON.stringify(input)) setRunInput(input);
    // The address bar names the query run; a link that already says it (in any order) is left as it is, which
    // spares the page a second render in the click.
    const wanted = logQueryToSearch(target);
    if (!fromLink || fromLink.problems.length > 0 || logQueryToSearch(fromLink.query) !== wanted) navigate(`/logs?${wanted}`, { replace: true });
  };
  const onIndexedValues = useCallback((values: IndexedValues) => {
    setIndexedValues(values);
    if (!choice) return;
    const { topics } = encodeIndexedValues(choice, values);
    const next = [...form.topics] as BuilderForm['topics'];
    for (let i = 0; i < 3; i++) next[i + 1] = (topics[i] ?? []).join('\n');
    setForm({ ...form, topics: next });
  }, [choice, form]);
  // A saved query's Run calls the latest `start` (kept after each render), so its handler stays the same.
  const startRef = useRef(start);
  useEffect(() => {
    startRef.current = start;
  });
  const onOpenSaved = useCallback((saved: SavedLogQuery) => {
    setChoice(undefined);
    setForm(queryToForm(saved.query));
  }, []);
  const onRunSaved = useCallback((saved: SavedLogQuery) => {
    setChoice(undefined);
    setForm(queryToForm(saved.query));
    startRef.current(saved.query);
  }, []);
  const link = `${window.location.origin}/logs?${logQueryToSearch(query)}`;
  const warned = (preflight.data?.warnings.length ?? 0) > 0;

  return (
    <div className="page logs-page">
      <PageHeader title="Logs" description={`Query eth_getLogs on ${network.name}: checked against the service’s limits before it runs, split as the service asks while it runs.`} />
      {fromLink && fromLink.problems.length ? (
        <div className="logs-link-problems" role="alert">
          <strong>The link has problems:</strong>
          <ul>
            {fromLink.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="logs-layout">
        <div className="logs-main">
          <BuilderPart
            networkId={networkId}
            form={form}
            onChange={setForm}
            problems={problems}
            choice={choice}
            onChoose={setChoice}
            indexedValues={indexedValues}
            onIndexedValues={onIndexedValues}
          />
          <RequestPart query={query} network={network} valid={valid} />
          <section className="card logs-run" aria-label="Run">
            <PreflightPanel preflight={valid ? preflight.data : undefined} checking={preflight.isFetching || (valid && checked === undefined)} error={preflight.error ? apiErrorOf(preflight.error) : undefined} />
            <div className="logs-run-actions">
              <button type="button" className="btn btn-primary" disabled={!valid || run.status === 'running'} onClick={() => start(query)}>
                {warned ? 'Run anyway' : 'Run query'}
              </button>
              <label className="logs-follow">
                <input type="checkbox" checked={following} disabled={!valid} onChange={(event) => setFollowing(event.target.checked)} /> Follow new logs (live tail)
              </label>
              <span className="logs-link">
                Link to this query <CopyButton value={link} label="the link to this query" />
              </span>
            </div>
            {runInput ? <RunProgress networkId={runInput.networkId} progress={progress} status={waitingForSandbox ? 'running' : stoppedWaiting && run.status === 'failed' ? 'cancelled' : run.status} error={run.error} onCancel={() => {
              if (waitingForSandbox) setStoppedWaiting(true);
              setWaits(Infinity);
              run.cancel();
            }} /> : null}
          </section>
        </div>
        <SavedPart networkId={networkId} current={query} valid={valid} onOpen={onOpenSaved} onRun={onRunSaved} />
      </div>
      {/* Full width below the builder: the tables have many columns. */}
      {following && valid ? <LiveTail networkId={networkId} query={query} /> : null}
      {/* The table comes with the run's first rows (or its end): mounted at the click, its empty shell held up the
          answers already on their way, and was drawn twice. Until then the progress line says what the run does. */}
      {runInput && (rows.length > 0 || run.status !== 'running') ? <LogResults rows={rows} runId={runId} running={run.status === 'running'} /> : null}
    </div>
  );
}
