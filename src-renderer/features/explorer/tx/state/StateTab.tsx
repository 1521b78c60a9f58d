import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../../api/useApi';
import { ErrorNotice } from '../../../../components/ErrorNotice';
import { LoadingState } from '../../../../components/LoadingState';
import { apiErrorOf } from '../../../../lib/apiErrorOf';
import { AccountChange } from './AccountChange';
import { StateSummaryLine } from './StateSummaryLine';
import { stateQuery } from './stateQuery';
import { TokenChanges } from './TokenChanges';
import '../trace/trace.css';
import { countOf } from '../../../../../src-shared/text/countOf';
import './state.css';

/** Addresses shown at first: a transaction that changed thousands (an airdrop) shows the rest on asking. */
const FIRST_ADDRESSES = 50;

/** The State tab: what the transaction changed, per address (balance, nonce, code, storage slots before and after), and token balances in token units. */
export function StateTab({ networkId, hash }: { networkId: string; hash: string }) {
  const api = useApi();
  const state = useQuery(stateQuery(api, networkId, hash));
  const [showAll, setShowAll] = useState(false);
  if (state.isPending) return <LoadingState label="Reading what the transaction changed, from the node or replayed here…" />;
  if (state.isError) return <ErrorNotice error={apiErrorOf(state.error)} title="What this transaction changed could not be read" onRetry={() => void state.refetch()} />;
  return (
    <>
      <section className="card explorer-section" aria-labelledby="tx-state">
        <h2 id="tx-state" className="section-title">
          State changes
        </h2>
        <StateSummaryLine state={state.data} />
        <div className="state-accounts">
          {(showAll ? state.data.accounts : state.data.accounts.slice(0, FIRST_ADDRESSES)).map((account) => (
            <AccountChange key={account.address} account={account} />
          ))}
        </div>
        {!showAll && state.data.accounts.length > FIRST_ADDRESSES ? (
          <button type="button" className="btn state-show-all" onClick={() => setShowAll(true)}>
            Show all {countOf(state.data.accounts.length, 'address', 'addresses')}
          </button>
        ) : null}
      </section>
      <TokenChanges tokens={state.data.tokens} />
    </>
  );
}
