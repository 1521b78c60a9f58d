import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallHistoryEntry } from '../../../src-shared/call/types';
import { renderWithApp } from '../../testing/renderWithApp';
import { CallHistory, outcomeLine } from './CallHistory';

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const token = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const balanceOf = { type: 'function', name: 'balanceOf', inputs: [{ name: 'account', type: 'address' }], outputs: [{ name: '', type: 'uint256' }], stateMutability: 'view' } as const;
const entry = (id: number, summary: CallHistoryEntry['summary'], fn = true): CallHistoryEntry => ({
  id,
  networkId: 'local',
  createdAt: Date.UTC(2026, 10, 26, 12, id),
  pinned: false,
  request: { call: { from, to: token, data: '0x70a08231' }, block: 'latest', ...(fn ? { fn: balanceOf } : {}) },
  summary,
});

describe('outcomeLine', () => {
  it.each([
    ['what a call returned, decoded', { ok: true, returnData: '0x03e8', result: '1000 (uint256)' }, '→ 1000 (uint256)'],
    ['the return data of a call kept before results were', { ok: true, returnData: `0x${'ab'.repeat(40)}` }, `→ 0x${'ab'.repeat(4)}…${'ab'.repeat(3)}`],
    ['no data', { ok: true, returnData: '0x' }, '→ no data'],
    ["a revert's decoded reason", { ok: false, message: 'The call reverted; its revert data is attached.', reason: 'InsufficientBalance(requested: 101, available: 100)' }, 'reverted: InsufficientBalance(requested: 101, available: 100)'],
    ['why a call that did not revert failed', { ok: false, message: 'The node refused the request.' }, 'failed: The node refused the request.'],
  ] as const)('%s', (_, summary, expected) => {
    expect(outcomeLine(summary)).toBe(expected);
  });
});

describe('CallHistory', () => {
  it('shows with each call what came of it: the value it returned, or the error it reverted with', async () => {
    const entries = [
      entry(2, { ok: false, message: 'The call reverted; its revert data is attached.', reason: 'InsufficientBalance(requested: 101, available: 100)' }),
      entry(1, { ok: true, returnData: `0x${'0'.repeat(61)}3e8`, result: '1000 (uint256)' }),
    ];
    renderWithApp(<CallHistory networkId="local" onRerun={() => {}} />, { api: { methods: { 'call.history': async () => entries } } });
    const history = screen.getByRole('region', { name: 'History' });
    const [revert, balance] = await within(history).findAllByRole('listitem');
    expect(within(revert!).getByText('reverted: InsufficientBalance(requested: 101, available: 100)')).toBeTruthy();
    expect(within(revert!).getByText('reverted', { selector: '.badge' })).toBeTruthy();
    expect(within(balance!).getByText('→ 1000 (uint256)')).toBeTruthy();
    expect(within(balance!).getByText('balanceOf(…)')).toBeTruthy();
    expect(within(balance!).getByText(`on ${token.slice(0, 10)}…${token.slice(-6)}`)).toBeTruthy();
  });
});
