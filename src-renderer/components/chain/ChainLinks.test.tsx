import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/renderWithApp';
import { AddressLink, BlockLink, CidLink, TxLink } from './ChainLinks';

const TX = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
const BLOCK_HASH = '0xb3b20624f8f0f86eb50dd04688409e5cea4bd02d700bf6e79e9384d47d6a5a35';
const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

describe('BlockLink', () => {
  it('links a block by its number, grouped, and the page follows the link', async () => {
    const user = userEvent.setup();
    const { history } = renderWithApp(<BlockLink number="0xf4240" hash={BLOCK_HASH} />, { path: '/explorer' });
    const link = screen.getByRole('link', { name: '1,000,000' });
    expect(link.getAttribute('href')).toBe('/explorer/block/1000000');
    expect(link.getAttribute('title')).toBe(BLOCK_HASH);
    await user.click(link);
    expect(history).toEqual(['/explorer', '/explorer/block/1000000']);
  });

  it('links a block by its hash, cut, when it has no number', () => {
    renderWithApp(<BlockLink hash={BLOCK_HASH} />);
    const link = screen.getByRole('link', { name: '0xb3b20624…6a5a35' });
    expect(link.getAttribute('href')).toBe(`/explorer/block/${BLOCK_HASH}`);
    expect(link.getAttribute('title')).toBe(BLOCK_HASH);
  });

  it('says pending, with no link, when there is neither', () => {
    renderWithApp(<BlockLink number={null} hash={null} />);
    expect(screen.getByText('pending')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('TxLink', () => {
  it('links a transaction by its hash, cut, with the full hash in the title and on the copy button', async () => {
    const user = userEvent.setup();
    const { history } = renderWithApp(<TxLink hash={TX} />);
    const link = screen.getByRole('link', { name: '0x5c504ed4…b22060' });
    expect(link.getAttribute('href')).toBe(`/explorer/tx/${TX}`);
    expect(link.getAttribute('title')).toBe(TX);
    await user.click(screen.getByRole('button', { name: 'Copy transaction hash' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(TX);
    // Copying is not following.
    expect(history).toEqual(['/']);
    await user.click(link);
    expect(history).toEqual(['/', `/explorer/tx/${TX}`]);
  });

  it('shows the whole hash when full, and no copy button when copy is off', () => {
    renderWithApp(<TxLink hash={TX} full copy={false} />);
    expect(screen.getByRole('link', { name: TX })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('AddressLink', () => {
  it('links an address, cut, and copies it whole', async () => {
    const user = userEvent.setup();
    renderWithApp(<AddressLink address={ADDRESS} />);
    const link = screen.getByRole('link', { name: '0xd8dA6BF2…A96045' });
    expect(link.getAttribute('href')).toBe(`/explorer/address/${ADDRESS}`);
    expect(link.getAttribute('title')).toBe(ADDRESS);
    expect(screen.queryByLabelText('contract')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(ADDRESS);
  });

  it('names a labelled address with its label and the cut address, and marks a contract', () => {
    const { container } = renderWithApp(<AddressLink address={ADDRESS} label="vitalik.eth" isContract />);
    expect(screen.getByRole('link', { name: 'vitalik.eth (0xd8dA6BF2…A96045)' }).getAttribute('href')).toBe(`/explorer/address/${ADDRESS}`);
    const mark = within(container).getByLabelText('contract');
    expect(mark.getAttribute('title')).toBe('A contract: this address holds code');
  });

  it('shows the whole address when full', () => {
    renderWithApp(<AddressLink address={ADDRESS} full copy={false} />);
    expect(screen.getByRole('link', { name: ADDRESS })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('CidLink', () => {
  it('links content by its CID, with a file name carried in the query, encoded', async () => {
    const user = userEvent.setup();
    const { history } = renderWithApp(<CidLink cid={CID} name="token #1 & metadata.json" />);
    const link = screen.getByRole('link', { name: 'bafybeigdy…5fbzdi' });
    expect(link.getAttribute('href')).toBe(`/content/${CID}?name=token%20%231%20%26%20metadata.json`);
    await user.click(link);
    expect(history.at(-1)).toBe(`/content/${CID}?name=token%20%231%20%26%20metadata.json`);
    await user.click(screen.getByRole('button', { name: 'Copy CID' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(CID);
  });

  it('links a bare CID without a query', () => {
    renderWithApp(<CidLink cid={CID} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe(`/content/${CID}`);
  });
});
