import { countOf } from '../../../../../src-shared/text/countOf';
import type { StateView } from '../../../../../src-shared/trace/stateView';

const SOURCE_WORDS = {
  prestateTracer: "From the node's prestateTracer (diff mode)",
  replay: 'Replayed in Blockglass: the node offers no state tracer',
} as const;

const FIELD_WORDS = { status: 'status', gasUsed: 'gas used', logs: 'logs' } as const;

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
      {mismatch ? (
        <div className="trace-mismatch" role="alert">
          <strong>This replay does not match the receipt, so the changes below are not the truth:</strong> they are what Blockglass&apos;s replay did, not what the chain did.
          <ul>
            {mismatch.map((difference) => (
              <li key={difference.field}>
                {FIELD_WORDS[difference.field]}: the receipt says <span className="mono">{difference.receipt}</span>, the replay <span className="mono">{difference.replay}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
