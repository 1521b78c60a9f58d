import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../../src-shared/call/types';
import type { RevertDecoding } from '../../../src-shared/decoding/decodeRevert';
import { renderWithApp } from '../../testing/renderWithApp';
import { CallOutcomeView } from './CallOutcomeView';

const CUSTOM_DATA = `0xcf479181${(1000).toString(16).padStart(64, '0')}${(100).toString(16).padStart(64, '0')}`;
const CUSTOM: RevertDecoding = {
  status: 'decoded',
  selector: '0xcf479181',
  name: 'InsufficientBalance',
  signature: 'InsufficientBalance(uint256,uint256)',
  args: [
    { name: 'requested', type: 'uint256', value: '1000' },
    { name: 'available', type: 'uint256', value: '100' },
  ],
  source: 'metadata',
  alternatives: [],
  message: 'InsufficientBalance(requested: 1000, available: 100)',
};

const reverted = (revert: RevertDecoding, nodeSaid: string | undefined, data = CUSTOM_DATA): CallOutcome => ({
  ok: false,
  error: { code: -32603, message: 'The call reverted without a reason string.', ...(nodeSaid !== undefined ? { nodeSaid } : {}), data },
  revert,
  elapsedMs: 3.2,
  blockNumber: null,
  warnings: [],
});

describe('CallOutcomeView', () => {
  it('beside a decoded custom error says nothing generic: neither the app’s summary nor a node’s “without a reason string”', async () => {
    const user = userEvent.setup();
    renderWithApp(<CallOutcomeView outcome={reverted(CUSTOM, 'Error: Transaction reverted without a reason string')} block="latest" />);
    const outcome = screen.getByRole('region', { name: 'Reverted InsufficientBalance(requested: 1000, available: 100)' });
    await user.click(within(outcome).getByText('Details: the node’s answer'));
    expect(outcome.textContent).not.toMatch(/without a reason string/i);
    // The code and the revert bytes are still there, behind Details; the node's contradicting words are not.
    const answer = within(outcome).getByLabelText("The node's answer");
    expect(within(answer).getByText('-32603')).toBeTruthy();
    expect(within(answer).getByText(CUSTOM_DATA)).toBeTruthy();
    expect(within(answer).queryByText('It said')).toBeNull();
  });

  it("keeps the node's words beside a decoded revert when they agree with it", async () => {
    const user = userEvent.setup();
    const reason: RevertDecoding = { status: 'decoded', selector: '0x08c379a0', name: 'Error', signature: 'Error(string)', args: [{ name: 'reason', type: 'string', value: 'Reverter: amount is zero' }], source: 'builtin', alternatives: [], message: 'Reverter: amount is zero' };
    renderWithApp(<CallOutcomeView outcome={reverted(reason, 'execution reverted: Reverter: amount is zero', '0x08c379a0')} />);
    const outcome = screen.getByRole('region', { name: 'Reverted Reverter: amount is zero' });
    await user.click(within(outcome).getByText('Details: the node’s answer'));
    expect(within(outcome).getByText('execution reverted: Reverter: amount is zero')).toBeTruthy();
  });

  it.each([
    ['metadata', "from the contract's metadata"],
    ['imported', 'from the imported ABI'],
    ['builtin', "from Solidity's built-in errors"],
    ['signatures', "from the app's signature database"],
    ['guess', 'a guess: argument types read from the data'],
  ] as const)('says where a %s signature came from in a whole phrase, once', (source, phrase) => {
    renderWithApp(<CallOutcomeView outcome={reverted({ ...CUSTOM, source }, undefined)} />);
    const outcome = screen.getByRole('region', { name: /^Reverted / });
    expect(within(outcome).getAllByText(phrase)).toHaveLength(1);
    expect(outcome.textContent).not.toMatch(/from the built in|built in(?!-)/);
  });

  it("shows a revert it could not decode with the node's words as they are", async () => {
    const user = userEvent.setup();
    const raw: RevertDecoding = { status: 'raw', selector: '0xdeadbeef', reason: 'Reverted with the custom error 0xdeadbeef, which no known ABI or signature names.', alternatives: [], message: 'Reverted with the custom error 0xdeadbeef, which no known ABI or signature names.' };
    renderWithApp(<CallOutcomeView outcome={reverted(raw, 'Error: VM Exception while processing transaction: reverted with an unrecognized custom error', '0xdeadbeef')} />);
    const outcome = screen.getByRole('region', { name: /^Reverted Reverted with the custom error 0xdeadbeef/ });
    await user.click(within(outcome).getByText('Details: the node’s answer'));
    expect(within(outcome).getByText(/unrecognized custom error/)).toBeTruthy();
  });

  it('is a region named by its heading that can take focus, for the page to move focus to it', () => {
    renderWithApp(<CallOutcomeView outcome={{ ok: true, returnData: `0x${'0'.repeat(61)}3e8`, outputs: { status: 'decoded', args: [{ name: 'balance', type: 'uint256', value: '1000' }] }, elapsedMs: 1, blockNumber: null, warnings: [] }} />);
    const outcome = screen.getByRole('region', { name: 'Returned Result' });
    expect(outcome.tabIndex).toBe(-1);
    expect(within(outcome).getByRole('row', { name: 'balance uint256 1000' })).toBeTruthy();
  });
});
