import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EthPriceView } from '../../../src-shared/api/prices';
import { renderWithApp } from '../../testing/renderWithApp';
import { FiatAmount } from './FiatAmount';
import { PriceSource } from './PriceSource';

const FEED = '0x7A9Ec1d04904907De0ED7b6839CcdD59c3716AC9';
const updatedAt = 1_764_417_791; // 2025-11-29T12:03:11Z
const feedView = (stale: boolean): EthPriceView => ({
  networkId: 'local',
  userPrice: null,
  feed: { address: FEED, listedBy: 'sandbox' },
  price: {
    currency: 'USD',
    raw: '301245000000',
    decimals: 8,
    readAt: updatedAt * 1000,
    source: { kind: 'feed', address: FEED, description: 'ETH / USD', listedBy: 'sandbox', roundId: '12', updatedAt, block: '0xfa', staleAfterSeconds: 300, stale },
  },
});

describe('PriceSource', () => {
  it('names the feed, its round and the time of its update, and says a stale round is stale', async () => {
    renderWithApp(<PriceSource view={feedView(true)} />);
    const source = await screen.findByTestId('price-source'); // once the window has loaded Intl (lib/intlReady.ts)
    expect(source.textContent).toMatch(/^at \$3,012\.45 per ETH, Chainlink-style feed ETH \/ USD .*, round 12, updated \d\d:\d\d:11stale: no new round for over 5 min$/);
    expect(source.querySelector('time')?.getAttribute('datetime')).toBe('2025-11-29T12:03:11.000Z');
    expect(source.getAttribute('data-round')).toBe('12');
  });

  it('names a price the person set as set by them, in their currency', async () => {
    const setAt = Date.UTC(2025, 10, 29, 14, 20, 5);
    const view: EthPriceView = {
      networkId: 'mine',
      feed: null,
      userPrice: { amount: '2750.5', currency: 'EUR', setAt },
      price: { currency: 'EUR', raw: '27505', decimals: 1, readAt: setAt, source: { kind: 'user', setAt } },
    };
    renderWithApp(<PriceSource view={view} />);
    expect((await screen.findByTestId('price-source')).textContent).toMatch(/^at €2,750\.50 per ETH, set by you /);
  });

  it('says there is no price, why, and where one is set', () => {
    const note = 'This network has no price feed the app knows, and no price has been set for it.';
    renderWithApp(<PriceSource view={{ networkId: 'mine', feed: null, userPrice: null, price: null, note }} />);
    expect(screen.getByTestId('price-source').textContent).toBe(`No price for ETH here: ${note} Set a price on the gas page.`);
    expect(screen.getByRole('link', { name: 'Set a price on the gas page' }).getAttribute('href')).toBe('/gas');
  });
});

describe('FiatAmount', () => {
  it('shows wei at the price rounded to the cent, the exact figure in its title, and the round it used', async () => {
    renderWithApp(<FiatAmount wei={21_000n * 6_500_000_000n} price={feedView(false).price!} testId="fee" />);
    const amount = await screen.findByTestId('fee');
    expect(amount.textContent).toBe('$0.41');
    expect(amount.getAttribute('title')).toBe('0.411199425 USD');
    expect(amount.getAttribute('data-round')).toBe('12');
  });
});
