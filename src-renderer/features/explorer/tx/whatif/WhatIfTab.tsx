import { useNavigate } from '../../../../components/Link';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { useApi } from '../../../../api/useApi';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { formatNumber } from '../../../../lib/formatChain';
import { transactionQuery } from '../../explorerQueries';
import { changeWords } from './changeWords';
import { WhatIfForm } from './WhatIfForm';
import { WhatIfCalls } from './WhatIfCalls';
import { WhatIfComparison } from './WhatIfComparison';
import { changeOf, draftOf, kindInSearch, originalOf, searchOf, type WhatIfOriginal } from './whatIfDraft';
import { whatIfQuery } from './whatIfQuery';
import '../trace/trace.css';
import './whatif.css';

/**
 * The What if tab: the transaction run again as a call on its parent block's state with one thing changed, beside
 * the same run unchanged. The change lives in the link (`?tab=whatif&gas=60000`), so a run can be shared and opened
 * again; a link that carries one runs it at once.
 */
export function WhatIfTab({ networkId, hash }: { networkId: string; hash: string }) {
  const api = useApi();
  const search = useSearch();
  const navigate = useNavigate();
  const tx = useQuery(transactionQuery(api, networkId, hash));
  if (tx.isPending) return <LoadingState label="Reading the transaction…" />;
  if (tx.isError) return <ErrorNotice error={apiErrorOf(tx.error)} title="This transaction could not be read" onRetry={() => void tx.refetch()} />;
  const original = originalOf(tx.data);
  const blockNumber = tx.data.block ? Number(tx.data.block.number) : undefined;
  const stateBlock = blockNumber !== undefined ? formatNumber(blockNumber - 1) : 'N−1';
  const initial = draftOf(original, search);
  const asked = kindInSearch(search) ? changeOf(initial, original) : undefined;

  return (
    <>
      <section className="card explorer-section" aria-labelledby="tx-whatif">
        <h2 id="tx-whatif" className="section-title">
          What if
        </h2>
        <p className="whatif-intro">
          Runs this transaction again <strong>as a call at block {stateBlock}&apos;s state</strong> (its parent block; not after the earlier transactions of block{' '}
          {blockNumber !== undefined ? formatNumber(blockNumber) : 'N'}), once as it was and once with one thing changed, in Blockglass&apos;s own EVM.
        </p>
        {/* Keyed by the link: a new link (Run, or one opened) starts the form from what it carries. */}
        <WhatIfForm key={search} original={original} initial={initial} onRun={(draft) => navigate(`/explorer/tx/${hash}?${searchOf(draft)}`)} />
        {asked && !asked.ok ? <p className="whatif-link-problem" role="alert">This link&apos;s change cannot be run: {Object.values(asked.errors).join(' ')}</p> : null}
      </section>
      {asked?.ok ? <WhatIfResults networkId={networkId} hash={hash} change={asked.change} original={original} /> : null}
    </>
  );
}

/** Both runs, side by side, once the change has run. */
function WhatIfResults({ networkId, hash, change, original }: { networkId: string; hash: string; change: Parameters<typeof whatIfQuery>[3]; original: WhatIfOriginal }) {
  const api = useApi();
  const run = useQuery(whatIfQuery(api, networkId, hash, change));
  if (run.isPending) return <LoadingState label="Running the transaction twice: as it was, and with the change…" />;
  if (run.isError) return <ErrorNotice error={apiErrorOf(run.error)} title="The what-if could not run" onRetry={() => void run.refetch()} />;
  const view = run.data;
  const changed = changeWords(view.change, original);
  return (
    <section className="card explorer-section" aria-labelledby="whatif-results">
      <h2 id="whatif-results" className="section-title">
        Original and re-run
      </h2>
      <p className="muted whatif-results-note">
        Both as a call at block {formatNumber(view.stateBlock)}&apos;s state, under {capital(view.hardfork)}&apos;s rules. Changed: {changed}.
      </p>
      {view.originalMatchesReceipt ? null : (
        <div className="trace-mismatch" role="alert">
          <strong>Run this way, the unchanged transaction does not do what it did in its block</strong> (the block&apos;s earlier transactions changed what it reads), so compare the re-run
          with the original run here, not with the chain.
          <ul>
            {view.differences.map((difference) => (
              <li key={difference.field}>
                {difference.field === 'gasUsed' ? 'gas used' : difference.field}: the receipt says <span className="mono">{difference.receipt}</span>, this run{' '}
                <span className="mono">{difference.replay}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <WhatIfComparison original={view.original} rerun={view.rerun} rerunNote={`with ${changed}`} />
      <div className="whatif-columns">
        <WhatIfCalls id="whatif-original" title="Original" outcome={view.original} />
        <WhatIfCalls id="whatif-rerun" title="Re-run" outcome={view.rerun} />
      </div>
    </section>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
