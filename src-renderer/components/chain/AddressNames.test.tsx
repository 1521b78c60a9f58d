import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WELL_KNOWN_CONTRACTS } from '../../../src-shared/names/wellKnownContracts';
import { renderWithApp } from '../../testing/renderWithApp';
import { AddressLink } from './ChainLinks';
import { NamesChainContext } from './NamesChain';

const WETH = WELL_KNOWN_CONTRACTS.find((entry) => entry.chainId === 1 && entry.name === 'WETH')!.address;
const short = `${WETH.slice(0, 10)}…${WETH.slice(-6)}`;

describe('AddressLink names', () => {
  it('names a well-known contract from the list on its chain, and says so on hover', () => {
    renderWithApp(
      <NamesChainContext.Provider value={1}>
        <AddressLink address={WETH.toLowerCase()} isContract />
      </NamesChainContext.Provider>,
    );
    const link = screen.getByRole('link', { name: `WETH (${short})` });
    expect(link.getAttribute('title')).toBe(`WETH: from Blockglass’s list of well-known contracts\n${WETH}`);
    expect(link.getAttribute('data-name-source')).toBe('well-known');
  });

  it('gives the name a screen carries first (the person’s label), and names nothing from the list on another chain', () => {
    renderWithApp(
      <NamesChainContext.Provider value={1}>
        <AddressLink address={WETH} label="Treasury wrapper" labelSource="yours" />
      </NamesChainContext.Provider>,
    );
    const link = screen.getByRole('link', { name: `Treasury wrapper (${short})` });
    expect(link.getAttribute('title')).toBe(`Treasury wrapper: your label for this address\n${WETH}`);
    renderWithApp(
      <NamesChainContext.Provider value={31337}>
        <AddressLink address={WETH} />
      </NamesChainContext.Provider>,
    );
    expect(screen.getByRole('link', { name: short }).getAttribute('title')).toBe(WETH);
  });
});
