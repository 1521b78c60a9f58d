import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isCurrencyCode, priceAmountSchema, type EthPriceView } from '../../../src-shared/api/prices';
import { useApi } from '../../api/useApi';
import { ErrorNotice } from '../../components/ErrorNotice';
import { PriceSource } from '../../components/money/PriceSource';
import { TextField } from '../../components/TextField';
import { apiErrorOf } from '../../lib/apiErrorOf';
import { currencyName } from '../../lib/money/formatMoney';
import { ethPriceKey, ethPriceQuery } from '../../queries/ethPrice';

const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'INR', 'BRL'];

/** The problem with what is typed, in the words the service would refuse it with; null when it would be taken. */
function problems(amount: string, currency: string): { amount: string | null; currency: string | null } {
  const checked = priceAmountSchema.safeParse(amount);
  const code = currency.trim().toUpperCase();
  return {
    amount: checked.success ? null : (checked.error.issues[0]?.message ?? 'Not a price.'),
    currency: isCurrencyCode(code) ? null : `“${currency.slice(0, 20)}” is not a currency code this app knows; use a three-letter ISO 4217 code such as USD, EUR or JPY.`,
  };
}

/**
 * The price of ETH on a network as the person sets it, in the currency they pick (US dollars unless they pick
 * another): used where the network has no price feed, or its feed cannot be read. Shows the price in use and its source.
 */
export function EthPriceForm({ networkId, networkName }: { networkId: string; networkName: string }) {
  const api = useApi();
  const client = useQueryClient();
  const view = useQuery(ethPriceQuery(api, networkId)).data;
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('USD');
  const [tried, setTried] = useState(false);
  const saved = (answer: EthPriceView) => client.setQueryData(ethPriceKey(networkId), answer);
  const save = useMutation({ mutationFn: () => api.call('prices.setUserPrice', { networkId, amount, currency }), onSuccess: saved });
  const clear = useMutation({ mutationFn: () => api.call('prices.clearUserPrice', { networkId }), onSuccess: saved });
  const found = problems(amount, currency);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!found.amount && !found.currency) save.mutate();
  };
  return (
    <form className="gas-price-form" onSubmit={submit} noValidate aria-label={`Price of ETH on ${networkName}`}>
      <p className="muted gas-price-in-use">
        {view ? (
          <>
            In use: <PriceSource view={view} setPriceHref={null} />
          </>
        ) : (
          'Reading the price…'
        )}
      </p>
      {view?.feed ? <p className="muted">This network has a price feed: a price you set here is used only while the feed cannot be read.</p> : null}
      {view?.userPrice ? (
        <p className="muted" data-testid="user-price">
          You set {view.userPrice.amount} {view.userPrice.currency} per ETH on {new Date(view.userPrice.setAt).toLocaleString()}.{' '}
          <button type="button" className="btn btn-small" onClick={() => clear.mutate()} disabled={clear.isPending}>
            Remove the price you set
          </button>
        </p>
      ) : null}
      <div className="gas-price-fields">
        <TextField
          label="Price of 1 ETH"
          hint="A number, such as 3012.45"
          mono
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={tried && found.amount ? found.amount : undefined}
          announce
        />
        <TextField
          label="Currency"
          hint={isCurrencyCode(currency.trim().toUpperCase()) ? currencyName(currency.trim().toUpperCase()) : 'A three-letter code: USD, EUR, JPY…'}
          mono
          list="gas-price-currencies"
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
          error={tried && found.currency ? found.currency : undefined}
          announce
        />
        <datalist id="gas-price-currencies">
          {COMMON_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {currencyName(code)}
            </option>
          ))}
        </datalist>
        <button type="submit" className="btn" disabled={save.isPending}>
          Set price
        </button>
      </div>
      {save.error ? <ErrorNotice error={apiErrorOf(save.error)} title="The price was not set" /> : null}
      {clear.error ? <ErrorNotice error={apiErrorOf(clear.error)} title="The price was not removed" /> : null}
    </form>
  );
}
