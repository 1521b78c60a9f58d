import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../../src-shared/api/explorer';
import { renderWithApp } from '../../../testing/renderWithApp';
import { TransactionBody } from './TransactionBody';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const HASH = `0x${'1'.repeat(64)}`;

const VIEW: TransactionView = {
  transaction: { hash: HASH, from: FROM, to: TO, value: '0x0', input: '0xb20eb4c4', nonce: '0x1', type: '0x2', gas: '0x7530' },
  receipt: { status: '0x1', gasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00', logs: [] },
  pending: false,
  block: { number: '0x78', hash: `0x${'2'.repeat(64)}`, timestamp: '0x1', miner: FROM, transactionCount: 3, gasUsed: '0x1', gasLimit: '0x2', baseFeePerGas: null },
  head: '0x80',
  position: { index: 1, count: 3, previous: `0x${'3'.repeat(64)}`, next: null },
  fee: `0x${(21000n * 1_000_000_000n).toString(16)}`,
  input: { status: 'decoded', selector: '0xb20eb4c4', name: 'bump', signature: 'bump(uint256)', args: [{ name: 'max', type: 'uint256', value: '0' }], source: 'metadata', alternatives: [] },
  logs: [{ log: { address: TOKEN.toLowerCase(), logIndex: '0x0', topics: [], data: '0x' }, decoded: { status: 'raw', reason: 'No source names it.', alternatives: [] } }],
  transfers: [{ logIndex: 0, standard: 'ERC-20', token: TOKEN, from: FROM, to: TO, amount: '1000', decimals: 18, symbol: 'GLS', tokenId: null }],
  revert: null,
  addresses: { [TOKEN.toLowerCase()]: { label: 'Glass token', isContract: true } },
};

describe('TransactionBody', () => {
  it('shows the header with its pager, the summary, the overview and every section, each named by its heading', async () => {
    renderWithApp(<TransactionBody view={VIEW} networkId="local" networkName="Local sandbox" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction' })).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Neighbouring transactions in the block' });
    expect(pager.textContent).toContain('2 of 3');
    expect(within(pager).getByRole('link', { name: '← Previous in block' }).getAttribute('href')).toBe(`/explorer/tx/0x${'3'.repeat(64)}`);
    expect(screen.getByRole('region', { name: 'Succeeded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export case file (Markdown)' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Overview' })).getByLabelText('Transaction at a glance')).toBeTruthy();
    for (const name of ['Input', 'Token transfers (1)', 'Logs (1)']) expect(screen.getByRole('region', { name }), name).toBeTruthy();
    // The fields and the receipt, below the fold, follow the first frame.
    expect(screen.queryByRole('region', { name: 'Receipt' })).toBeNull();
    for (const name of ['Transaction fields', 'Receipt']) expect(await screen.findByRole('region', { name }), name).toBeTruthy();
    // The emitting contract is written with the label the view knows for it.
    expect(within(screen.getByRole('region', { name: 'Logs (1)' })).getByText('Glass token')).toBeTruthy();
  });

  it('says a pending transaction has no receipt yet, and leaves out the sections it has nothing for', async () => {
    renderWithApp(<TransactionBody view={{ ...VIEW, receipt: null, pending: true, block: null, position: null, logs: [], transfers: [], input: null }} networkId="local" networkName="Local sandbox" />);
    expect(screen.queryByRole('navigation', { name: 'Neighbouring transactions in the block' })).toBeNull();
    expect(await screen.findByText('No receipt yet: the transaction is pending. This page checks again every few seconds.')).toBeTruthy();
    for (const name of ['Input', 'Token transfers (1)', 'Logs (1)']) expect(screen.queryByRole('region', { name }), name).toBeNull();
  });
});
