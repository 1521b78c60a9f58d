import { countOf } from '../../../../../src-shared/text/countOf';
import type { StateView } from '../../../../../src-shared/trace/stateView';
import { ReplayMismatch } from '../trace/ReplayMismatch';

const SOURCE_WORDS = {
  prestateTracer: "From the node's prestateTracer (diff mode)",
  replay: 'Replayed in Blockglass: the node offers no state tracer',
} as const;

/** What changed at a glance ("6 addresses changed · 9 storage slots · 4 token balances"), where it came from, and a replay's warning when it did not reproduce the receipt. */
export function StateSummaryLine({ state }: { state: StateView }) {
  const slots = state.accounts.reduce((sum, account) => sum + account.storage.length, 0);
  const mismatch = state.check && !state.check.matchesReceipt ? state.check.differences : undefined;
  return (
    <div className="trace-summary">
      <p className="trace-summary-line">
        <strong>{countOf(state.accounts.length, 'address', 'addresses')} changed</strong>{' '}
        {slots > 0 ? <span>· {countOf(slots, 'storage slot')}</span> : null} {state.tokens.length > 0 ? <span>· {countOf(state.tokens.length, 'token balance')}</span> : null}{' '}
        <span className="muted">{SOURCE_WORDS[state.source]}</span>
      </p>
      {slots > 0 ? (
        <p className="muted state-names-note">
          {state.namedContracts > 0
            ? `Slots are named by variable from ${countOf(state.namedContracts, "contract's", "contracts'")} storage layout, recompiled from the Solidity metadata the content store holds; a mapping entry is named when its key appears in the transaction.`
            : "No changed contract's storage layout is known (its Solidity metadata is not in the network's content store, or another compiler built it): slots are shown by number."}
        </p>
      ) : null}
      {mismatch ? <ReplayMismatch differences={mismatch} shown="changes" /> : null}
    </div>
  );
}
