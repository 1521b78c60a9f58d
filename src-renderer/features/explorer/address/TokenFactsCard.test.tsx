import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddressView, TokenFactsView } from '../../../../src-shared/api/explorer';
import { renderWithApp } from '../../../testing/renderWithApp';
import { AbiImport } from './AbiImport';
import { shareOf, TokenFactsCard } from './TokenFactsCard';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const GLS: TokenFactsView = {
  token: TOKEN,
  block: '0xe6',
  name: { value: 'Glass Token' },
  symbol: { value: 'GLS' },
  decimals: { value: 18 },
  totalSupply: { value: '1000000000000000000000000' },
  standard: { value: { name: 'ERC-20', how: 'answers totalSupply(), balanceOf(address) and decimals()' } },
  holders: { value: { count: 12, transfers: 57, top: 10, topHeld: '934100000000000000000000', held: '1000000000000000000000000' } },
};

const rowOf = (list: HTMLElement, label: string) => within(list).getByText(label, { selector: 'dt' }).parentElement!;

describe('the Token card', () => {
  it('says each fact with its label: total supply in units with the raw integer on hover, the standard, holders and the top 10 share', async () => {
    renderWithApp(<TokenFactsCard networkId="local" address={TOKEN} />, { api: { methods: { 'explorer.tokenFacts': async () => GLS } } });
    const card = await screen.findByRole('region', { name: /^Token/ });
    const list = within(card).getByLabelText('Token facts');
    expect(rowOf(list, 'Name').textContent).toBe('NameGlass Token');
    expect(rowOf(list, 'Symbol').textContent).toBe('SymbolGLS');
    expect(rowOf(list, 'Decimals').textContent).toBe('Decimals18');
    const supply = within(rowOf(list, 'Total supply')).getByText('1,000,000 GLS');
    expect(supply.getAttribute('title')).toBe('1000000000000000000000000 (raw units)');
    expect(rowOf(list, 'Standard').textContent).toBe('StandardERC-20 answers totalSupply(), balanceOf(address) and decimals()');
    expect(rowOf(list, 'Holders').textContent).toBe('Holders12 with a balance, from 57 Transfer logs up to block 230');
    expect(rowOf(list, 'Top 10 holders hold').textContent).toBe('Top 10 holders hold93.41% of the 1,000,000 GLS its Transfer logs leave held');
    expect(within(card).getByText(/at block 230/)).toBeTruthy();
  });

  it('shows the calls at once and says the holders are being counted, then shows them counted at the same block', async () => {
    let release: () => void = () => undefined;
    const counted = new Promise<void>((resolve) => (release = resolve));
    const asked: unknown[] = [];
    renderWithApp(<TokenFactsCard networkId="local" address={TOKEN} />, {
      api: {
        methods: {
          'explorer.tokenFacts': async (input) => {
            asked.push(input);
            if (input.holders === false) return { ...GLS, holders: null };
            await counted;
            return GLS;
          },
        },
      },
    });
    const list = await screen.findByLabelText('Token facts');
    expect(rowOf(list, 'Holders').textContent).toBe('HoldersCounting them from its Transfer logs…');
    expect(rowOf(list, 'Name').textContent).toBe('NameGlass Token');
    release();
    await screen.findByText('Top 10 holders hold');
    expect(asked).toEqual([
      { networkId: 'local', token: TOKEN, holders: false },
      { networkId: 'local', token: TOKEN, block: '0xe6' },
    ]);
  });

  it('says per fact why it is absent (a node whose fork cannot run name() and symbol()), the others still shown', async () => {
    const ganache: TokenFactsView = {
      ...GLS,
      name: { absent: 'name() failed: The call reverted without a reason.' },
      symbol: { absent: 'symbol() failed: The call reverted without a reason.' },
    };
    renderWithApp(<TokenFactsCard networkId="local" address={TOKEN} />, { api: { methods: { 'explorer.tokenFacts': async () => ganache } } });
    const list = await screen.findByLabelText('Token facts');
    expect(rowOf(list, 'Name').textContent).toBe('NameNot known: name() failed: The call reverted without a reason.');
    expect(rowOf(list, 'Symbol').textContent).toBe('SymbolNot known: symbol() failed: The call reverted without a reason.');
    // Without a symbol the supply is still in units (the decimals are known).
    expect(within(rowOf(list, 'Total supply')).getByText('1,000,000')).toBeTruthy();
  });

  it('shows nothing for a contract that is no token', async () => {
    const none: TokenFactsView = { ...GLS, standard: { absent: 'Neither …' }, holders: { absent: 'Not a token.' } };
    let asked = 0;
    const { container } = renderWithApp(<TokenFactsCard networkId="local" address={TOKEN} />, { api: { methods: { 'explorer.tokenFacts': async () => (asked++, none) } } });
    await waitUntil(() => asked > 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
  });

  it('rounds the top holders share, never cuts it', () => {
    expect(shareOf('3760', '1000000')).toBe('0.38%');
    expect(shareOf('1', '3')).toBe('33.33%');
    expect(shareOf('2', '3')).toBe('66.67%');
    expect(shareOf('5', '5')).toBe('100%');
    expect(shareOf('1', '0')).toBe('—');
  });
});

const account = (abi: AddressView['abi']): AddressView => ({ address: TOKEN, abi, label: null }) as unknown as AddressView;
const metadataAbi = { source: 'metadata', functions: [], events: [], errors: [] } as unknown as NonNullable<AddressView['abi']>;

describe('the ABI import', () => {
  it('is folded behind "Import an ABI" when the ABI is known, and opens on a click', async () => {
    const user = userEvent.setup();
    renderWithApp(<AbiImport networkId="local" account={account(metadataAbi)} />);
    const region = screen.getByRole('region', { name: 'Import an ABI' });
    const details = region.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.click(within(region).getByText('Import an ABI'));
    expect(details.open).toBe(true);
  });

  it('is open when no ABI is known', () => {
    renderWithApp(<AbiImport networkId="local" account={account(null)} />);
    const region = screen.getByRole('region', { name: 'Import an ABI' });
    expect(region.querySelector('details')).toBeNull();
    expect(within(region).getByLabelText('ABI')).toBeTruthy();
  });
});

async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}
