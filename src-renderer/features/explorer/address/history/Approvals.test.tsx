import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalRow, ApprovalsView } from '../../../../../src-shared/api/history';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { Approvals, allowanceText, statusOf } from './Approvals';

const OWNER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const MAX = (2n ** 256n - 1n).toString(10);
const base: ApprovalRow = {
  id: 'a',
  kind: 'allowance',
  standard: 'erc20',
  token: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0',
  symbol: 'GLS',
  decimals: 18,
  spender: '0xdc64a140aa3e981100a9beca4e685f962f0cf6c9',
  spenderName: 'Uniswap V2 router',
  tokenId: null,
  granted: MAX,
  allowance: MAX,
  active: true,
  unlimited: true,
  blockNumber: '0x14',
  timestamp: '0x67748670',
  transactionHash: `0x${'1'.repeat(64)}`,
  logIndex: 0,
};
const ROWS: ApprovalRow[] = [
  base,
  { ...base, id: 'b', spender: '0x976ea74026e726554db657fa54763abd0c3a0aa9', spenderName: null, granted: '8079000000000000000000', allowance: '8079000000000000000000', unlimited: false, transactionHash: `0x${'2'.repeat(64)}` },
  { ...base, id: 'c', kind: 'operator', standard: 'erc1155', symbol: null, decimals: 0, spenderName: null, granted: null, allowance: null, unlimited: false, active: false },
];

describe('Approvals', () => {
  it('lists each approval with its spender named, unlimited marked, the allowance in units, and a time column', async () => {
    const view: ApprovalsView = { address: OWNER, block: '0xf0', rows: ROWS, logs: 4, requests: 9 };
    renderWithApp(<Approvals networkId="local" address={OWNER} />, { api: { methods: { 'history.approvals': async () => view } } });
    const table = await screen.findByRole('grid', { name: 'approvals' });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Token', 'Spender', 'Allowance now', 'Approved', 'When granted', 'Transaction']);
    expect(within(table).getByText('Uniswap V2 router')).toBeTruthy();
    expect(within(table).getAllByText('Unlimited').length).toBeGreaterThanOrEqual(2);
    expect(within(table).getAllByText('8,079 GLS')).toHaveLength(2);
    expect(within(table).getAllByRole('time').length).toBe(3);
    // What no longer stands says what ended it, in the allowance's cell.
    expect(within(table).getByText('none · revoked')).toBeTruthy();
    expect(within(table).getByText('every ERC-1155 token')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Approvals 2 of 3 approvals standing, 1 unlimited · at block 240/ })).toBeTruthy();
  });

  it('says so when the address approved nothing', async () => {
    renderWithApp(<Approvals networkId="local" address={OWNER} />, { api: { methods: { 'history.approvals': async () => ({ address: OWNER, block: '0x1', rows: [], logs: 0, requests: 2 }) } } });
    expect(await screen.findByText('This address never approved a spender.')).toBeTruthy();
  });

  it('words each kind of approval and what ended it', () => {
    expect([allowanceText(ROWS[1]!), statusOf(ROWS[1]!)]).toEqual(['8,079 GLS', 'standing']);
    expect([allowanceText({ ...ROWS[1]!, allowance: '0', active: false }), statusOf({ ...ROWS[1]!, allowance: '0', active: false })]).toEqual(['0 GLS', 'used up']);
    expect(statusOf({ ...ROWS[1]!, granted: '0', allowance: '0', active: false })).toBe('revoked');
    expect([allowanceText(ROWS[2]!), statusOf(ROWS[2]!)]).toEqual(['none', 'revoked']);
    expect([allowanceText({ ...base, kind: 'token', tokenId: '7', active: false }), statusOf({ ...base, kind: 'token', tokenId: '7', active: false })]).toEqual(['token #7, no longer', 'moved']);
  });
});
