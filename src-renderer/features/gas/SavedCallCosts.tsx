import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '../../components/Link';
import type { EthPrice } from '../../../src-shared/api/prices';
import type { CallHistoryEntry } from '../../../src-shared/call/types';
import { FEE_LEVELS } from '../../../src-shared/gas/feeSuggestion';
import type { GasSnapshot } from '../../../src-shared/gas/gasTypes';
import { shortHex } from '../../../src-shared/text/shortHex';
import { useApi } from '../../api/useApi';
import { FiatAmount } from '../../components/money/FiatAmount';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { formatEth, formatNumber } from '../../lib/formatChain';
import { networkKey } from '../../queries/queryKeys';
import { levelFeePerGas } from './levelCost';

const LEVEL_NAMES = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** A saved call in a few words: its function (or selector) and contract. */
const callName = (entry: CallHistoryEntry) =>
  `${entry.request.fn ? `${entry.request.fn.name}(…)` : (entry.request.call.data ?? '0x').slice(0, 10)} on ${shortHex(entry.request.call.to ?? '')}`;

/**
 * The person's saved (pinned) calls from the call playground, each estimated with the node's eth_estimateGas at the
 * latest block, and what it would cost at each level in ETH and the price's currency.
 */
export function SavedCallCosts({ networkId, snapshot, price }: { networkId: string; snapshot: GasSnapshot; price: EthPrice | null }) {
  const api = useApi();
  const history = useQuery({ queryKey: networkKey(networkId, 'call-history'), queryFn: () => api.call('call.history', { networkId }) });
  const saved = (history.data ?? []).filter((entry) => entry.pinned && entry.request.call.to);
  const estimates = useQueries({
    queries: saved.map((entry) => ({
      queryKey: networkKey(networkId, 'gas', 'estimate', entry.id, entry.request.call.from, entry.request.call.to, entry.request.call.data ?? '0x', entry.request.call.value ?? '0x0'),
      queryFn: () =>
        api.call('prices.estimateGas', {
          networkId,
          call: {
            from: entry.request.call.from,
            to: entry.request.call.to!,
            ...(entry.request.call.data ? { data: entry.request.call.data } : {}),
            ...(entry.request.call.value ? { value: entry.request.call.value } : {}),
          },
        }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  return (
    <section className="card gas-saved-calls" aria-labelledby="gas-saved-calls-title">
      <h2 id="gas-saved-calls-title" className="section-title">
        Your saved calls at each level
      </h2>
      {history.isSuccess && saved.length === 0 ? (
        <p className="muted">
          Pin a call in the <Link href="/call">call playground</Link> to see here what sending it would cost at each level (gas from the node's eth_estimateGas).
        </p>
      ) : null}
      {saved.length > 0 ? (
        <div className="gas-saved-calls-scroll">
          <table className="gas-saved-calls-table">
            <thead>
              <tr>
                <th scope="col">Call</th>
                <th scope="col">Gas (estimated)</th>
                {FEE_LEVELS.map((level) => (
                  <th key={level} scope="col">
                    {LEVEL_NAMES[level]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {saved.map((entry, i) => {
                const estimate = estimates[i];
                const gas = estimate?.data ? BigInt(estimate.data.gas) : null;
                return (
                  <tr key={entry.id} data-call={entry.id}>
                    <th scope="row" className="mono">
                      {callName(entry)}
                    </th>
                    <td className="mono">
                      {gas !== null ? formatNumber(gas.toString()) : estimate?.error ? <span className="field-error">{apiErrorOf(estimate.error).shortMessage}</span> : '…'}
                    </td>
                    {FEE_LEVELS.map((level) => {
                      if (gas === null) return <td key={level} />;
                      const wei = gas * levelFeePerGas(snapshot, level).likely;
                      return (
                        <td key={level} className="mono">
                          {formatEth(wei, 'ETH', 8)}
                          {price ? (
                            <span className="gas-saved-money">
                              <FiatAmount wei={wei} price={price} />
                            </span>
                          ) : null}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
