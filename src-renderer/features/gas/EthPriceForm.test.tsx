import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EthPriceView } from '../../../src-shared/api/prices';
import { renderWithApp } from '../../testing/renderWithApp';
import { EthPriceForm } from './EthPriceForm';

const none: EthPriceView = { networkId: 'mine', feed: null, userPrice: null, price: null, note: 'This network has no price feed the app knows, and no price has been set for it.' };

describe('EthPriceForm', () => {
  it('refuses a negative price and an unknown currency in words before asking main, then sets the price in the currency picked', async () => {
    const user = userEvent.setup();
    const setAt = Date.now();
    const set = vi.fn(
      async (input: { networkId: string; amount: string; currency: string }): Promise<EthPriceView> => ({
        ...none,
        userPrice: { amount: input.amount, currency: input.currency, setAt },
        price: { currency: input.currency, raw: '27505', decimals: 1, readAt: setAt, source: { kind: 'user', setAt } },
      }),
    );
    renderWithApp(<EthPriceForm networkId="mine" networkName="My own node" />, { api: { methods: { 'prices.ethPrice': async () => none, 'prices.setUserPrice': set } } });
    expect(await screen.findByText(/no price has been set for it/)).toBeTruthy();
    expect((screen.getByLabelText('Currency') as HTMLInputElement).value).toBe('USD');

    await user.type(screen.getByLabelText('Price of 1 ETH'), '-5');
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    expect(screen.getByText('A price is more than zero; “-5” is negative.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Price of 1 ETH'));
    await user.type(screen.getByLabelText('Price of 1 ETH'), '2750.5');
    await user.clear(screen.getByLabelText('Currency'));
    await user.type(screen.getByLabelText('Currency'), 'XYZW');
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    expect(screen.getByText('“XYZW” is not a currency code this app knows; use a three-letter ISO 4217 code such as USD, EUR or JPY.')).toBeTruthy();
    expect(set).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Currency'));
    await user.type(screen.getByLabelText('Currency'), 'eur');
    await user.click(screen.getByRole('button', { name: 'Set price' }));
    // The contract's schema takes the code in any case and hands main its upper-case form.
    expect(set).toHaveBeenCalledWith({ networkId: 'mine', amount: '2750.5', currency: 'EUR' }, expect.anything());
    expect((await screen.findByTestId('user-price')).textContent).toContain('You set 2750.5 EUR per ETH');
  });
});
