import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TokenFact, TokenFactsView } from '../../../../src-shared/api/explorer';
import { countOf } from '../../../../src-shared/text/countOf';
import { useApi } from '../../../api/useApi';
import { TokenAmount } from '../../../components/chain/Amounts';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { InfoList } from '../../../components/InfoList';
import { InfoRow } from '../../../components/InfoRow';
import { apiErrorOf } from '../../../lib/apiErrorOf';
import { formatNumber } from '../../../lib/formatChain';
import { tokenFactsQuery } from '../explorerQueries';
import './tokenFacts.css';

/** `part` of `whole` as a percentage with two decimals, rounded half up (`93.41%`); bigints, so no digit is lost. */
export function shareOf(part: string, whole: string): string {
  const total = BigInt(whole);
  if (total === 0n) return '—';
  const hundredths = (BigInt(part) * 10_000n * 2n + total) / (2n * total);
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`.replace(/\.?0+$/, '');
  return `${text}%`;
}

/** A fact's value, or why it is absent, in words. */
function Fact<T>({ fact, children }: { fact: TokenFact<T>; children: (value: T) => ReactNode }) {
  return 'value' in fact ? <>{children(fact.value)}</> : <span className="muted token-fact-absent">Not known: {fact.absent}</span>;
}

/**
 * A token contract's facts at the top of its overview (`explorer.tokenFacts`): name, symbol, decimals, total supply in
 * its units (the raw integer on hover), the standard and how it was told, and an ERC-20's holders. Shown only for a
 * contract that is a token; nothing while it is read, so a contract that is none shows no empty card.
 */
export function TokenFactsCard({ networkId, address }: { networkId: string; address: string }) {
  const api = useApi();
  // The calls first (one batch, at once); an ERC-20's holders then, at the same block (a chain-wide log scan: long on a busy token).
  const facts = useQuery(tokenFactsQuery(api, networkId, address));
  const erc20 = facts.data && 'value' in facts.data.standard && facts.data.standard.value.name === 'ERC-20';
  const withHolders = useQuery({ ...tokenFactsQuery(api, networkId, address, facts.data?.block), enabled: !!erc20 });
  if (facts.isError) return <ErrorNotice error={apiErrorOf(facts.error)} title="The token's facts could not be read" onRetry={() => void facts.refetch()} />;
  if (!facts.data || !('value' in facts.data.standard)) return null;
  const view = withHolders.data ?? facts.data;
  const holders: TokenFactsView['holders'] = withHolders.isError ? { absent: `Its Transfer logs could not be read: ${apiErrorOf(withHolders.error).shortMessage}` } : view.holders;
  return <TokenFactsList view={{ ...view, holders }} />;
}

/** The card itself, over a view already read. */
export function TokenFactsList({ view }: { view: TokenFactsView }) {
  const symbol = 'value' in view.symbol ? view.symbol.value : null;
  const decimals = 'value' in view.decimals ? view.decimals.value : null;
  return (
    <section className="card explorer-section token-facts" aria-labelledby="token-facts-title">
      <h2 id="token-facts-title" className="section-title">
        Token <span className="muted explorer-at">read with plain calls at block {formatNumber(view.block)}</span>
      </h2>
      <InfoList label="Token facts">
        <InfoRow label="Name">
          <Fact fact={view.name}>{(name) => <span className="token-fact-text">{name}</span>}</Fact>
        </InfoRow>
        <InfoRow label="Symbol">
          <Fact fact={view.symbol}>{(value) => <span className="mono token-fact-text">{value}</span>}</Fact>
        </InfoRow>
        <InfoRow label="Decimals">
          <Fact fact={view.decimals}>{(value) => <span className="mono">{value}</span>}</Fact>
        </InfoRow>
        <InfoRow label="Total supply">
          <Fact fact={view.totalSupply}>{(raw) => <TokenAmount amount={raw} decimals={decimals} symbol={symbol} />}</Fact>
        </InfoRow>
        <InfoRow label="Standard">
          <Fact fact={view.standard}>
            {(standard) => (
              <span className="token-fact-standard">
                <span className="badge badge-accent">{standard.name}</span> <span className="muted">{standard.how}</span>
              </span>
            )}
          </Fact>
        </InfoRow>
        <InfoRow label="Holders">
          {view.holders === null ? (
            <span className="muted" role="status">
              Counting them from its Transfer logs…
            </span>
          ) : (
            <Fact fact={view.holders}>
              {(holders) => (
                <span>
                  <span className="mono">{formatNumber(holders.count)}</span>{' '}
                  <span className="muted">
                    with a balance, from {countOf(holders.transfers, 'Transfer log')} up to block {formatNumber(view.block)}
                  </span>
                </span>
              )}
            </Fact>
          )}
        </InfoRow>
        {view.holders && 'value' in view.holders && view.holders.value.count > 0 ? (
          <InfoRow label={`Top ${view.holders.value.top === 1 ? 'holder holds' : `${view.holders.value.top} holders hold`}`}>
            <span>
              <span className="mono">{shareOf(view.holders.value.topHeld, view.holders.value.held)}</span>{' '}
              <span className="muted">
                of the <TokenAmount amount={view.holders.value.held} decimals={decimals} symbol={symbol} /> its Transfer logs leave held
              </span>
            </span>
          </InfoRow>
        ) : null}
      </InfoList>
    </section>
  );
}
