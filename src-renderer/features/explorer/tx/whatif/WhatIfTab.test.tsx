import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '../../../../../src-shared/api/explorer';
import type { WhatIfChange, WhatIfOutcome, WhatIfView } from '../../../../../src-shared/api/trace';
import type { Decoding } from '../../../../../src-shared/decoding/types';
import type { TraceFrameView } from '../../../../../src-shared/trace/traceView';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { WhatIfTab } from './WhatIfTab';

// The sandbox's out-of-gas redemption, written out by hand: TraceRouter.redeem of 10 TRC sent with 45,000 gas, which
// runs out in the token three calls below; with 54,771 it succeeds.
const SENDER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const ROUTER = '0x8a791620dd6260079bf849dc5567adc3f2fdc318';
const POOL = '0x2279b7a0a67db372996a5fab50d91eaa73d2ebe6';
const VAULT = '0xb7a5bd0345ef1cc5e66bf61bdec17d2461fbd968';
const TOKEN = '0x0165878a594ca255338adfa4d48449f69242eb8f';
const HASH = `0x${'e5'.repeat(32)}` as const;
const AMOUNT = '10000000000000000000';

const call: Decoding = {
  status: 'decoded',
  selector: '0x00000000',
  name: 'redeem',
  signature: 'redeem(address,address,uint256)',
  args: [
    { name: 'pool', type: 'address', value: POOL },
    { name: 'to', type: 'address', value: SENDER },
    { name: 'amount', type: 'uint256', value: AMOUNT },
  ],
  source: 'metadata',
  alternatives: [],
};

const VIEW: TransactionView = {
  transaction: { hash: HASH, from: SENDER, to: ROUTER, value: '0x0', input: '0x1234', nonce: '0x7', type: '0x2', gas: '0xafc8' },
  receipt: { status: '0x0', gasUsed: '0xae51', effectiveGasPrice: '0x3b9aca00', logs: [] },
  pending: false,
  block: { number: '0xef', hash: `0x${'2'.repeat(64)}`, timestamp: '0x1', miner: SENDER, transactionCount: 1, gasUsed: '0x1', gasLimit: '0x2', baseFeePerGas: null },
  head: '0xf0',
  position: null,
  fee: '0x0',
  input: call,
  logs: [],
  transfers: [],
  revert: null,
  addresses: {},
};

const frame = (fields: Partial<TraceFrameView> & Pick<TraceFrameView, 'from' | 'to' | 'depth'>): TraceFrameView => ({ kind: 'call', value: '0x0', input: '0x', gas: '0x1', gasUsed: '0x1', children: [], ...fields });
const tree = (failing: boolean): TraceFrameView =>
  frame({
    from: SENDER, to: ROUTER, depth: 0, contract: 'TraceRouter', call, ...(failing ? { error: 'execution reverted' } : { output: `0x${BigInt(AMOUNT).toString(16).padStart(64, '0')}` }),
    children: [
      frame({
        from: ROUTER, to: POOL, depth: 1, contract: 'TracePool', ...(failing ? { error: 'execution reverted' } : {}),
        children: [
          frame({
            from: POOL, to: VAULT, depth: 2, contract: 'TraceVault', ...(failing ? { error: 'execution reverted' } : {}),
            children: [frame({ from: VAULT, to: TOKEN, depth: 3, contract: 'TraceToken', call: { ...call, name: 'transfer' }, ...(failing ? { error: 'out of gas' } : {}) })],
          }),
        ],
      }),
    ],
  });
const outcome = (failing: boolean, gasLimit: `0x${string}`, gasUsed: `0x${string}`): WhatIfOutcome => ({
  status: failing ? 'failed' : 'success',
  gasLimit,
  gasUsed,
  output: failing ? '0x' : `0x${BigInt(AMOUNT).toString(16).padStart(64, '0')}` as const,
  ...(failing ? { error: 'execution reverted' } : {}),
  trace: { hash: HASH, source: 'replay', hardfork: 'prague', root: tree(failing), summary: { calls: 3, depth: 3, failed: failing ? 4 : 0, ...(failing ? { revertOrigin: [0, 0, 0] } : {}) } },
});
const whatIfOf = (change: WhatIfChange): WhatIfView => ({
  hash: HASH,
  blockNumber: 239,
  stateBlock: 238,
  change,
  original: outcome(true, '0xafc8', '0xae51'),
  rerun: outcome(false, change.kind === 'gasLimit' ? (change.gasLimit as `0x${string}`) : '0xafc8', '0xc8a3'),
  originalMatchesReceipt: true,
  differences: [],
  hardfork: 'prague',
});

/** The text of what describes a control (its error and hint). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

const methods = (whatIf = vi.fn(async ({ change }: { change: WhatIfChange }) => whatIfOf(change))) => ({ 'explorer.transaction': async () => VIEW, 'trace.whatIf': whatIf });

describe('the What if tab', () => {
  it('says it runs as a call at the parent block’s state and starts the form from the transaction’s own values', async () => {
    renderWithApp(<WhatIfTab networkId="local" hash={HASH} />, { api: { methods: methods() }, path: `/explorer/tx/${HASH}?tab=whatif` });
    expect(await screen.findByText(/as a call at block 238’s state|as a call at block 238's state/)).toBeTruthy();
    const gas = screen.getByLabelText('Gas limit');
    expect(gas).toHaveProperty('value', '45000');
    expect(screen.getByText(/Was 45,000\./)).toBeTruthy();
    const choice = screen.getByLabelText('What to change');
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Gas limit', 'Value sent (wei)', 'Sender (from)', 'Argument 1: pool (address)', 'Argument 2: to (address)', 'Argument 3: amount (uint256)', "An account's balance", 'A storage slot',
    ]);
    await userEvent.selectOptions(choice, 'Argument 3: amount (uint256)');
    expect(screen.getByLabelText('New value of amount (uint256)')).toHaveProperty('value', AMOUNT);
    await userEvent.selectOptions(choice, 'Sender (from)');
    expect(screen.getByLabelText('Sender address')).toHaveProperty('value', SENDER);
    await userEvent.selectOptions(choice, 'A storage slot');
    expect(screen.getByLabelText('Contract address')).toHaveProperty('value', ROUTER);
    expect(screen.getByLabelText('Storage slot')).toHaveProperty('value', '');
    expect(screen.queryByRole('region', { name: /^Re-run/ })).toBeNull();
  });

  it('puts the change in the link on Run, runs it, and shows the original and the re-run side by side with their call trees', async () => {
    const whatIf = vi.fn(async ({ change }: { change: WhatIfChange }) => whatIfOf(change));
    const { history } = renderWithApp(<WhatIfTab networkId="local" hash={HASH} />, { api: { methods: methods(whatIf) }, path: `/explorer/tx/${HASH}?tab=whatif` });
    const gas = await screen.findByLabelText('Gas limit');
    await userEvent.clear(gas);
    await userEvent.type(gas, '54771');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(history.at(-1)).toBe(`/explorer/tx/${HASH}?tab=whatif&gas=54771`);
    const rerun = await screen.findByRole('region', { name: 'Re-run Success' });
    expect(whatIf).toHaveBeenCalledWith(expect.objectContaining({ networkId: 'local', hash: HASH, change: { kind: 'gasLimit', gasLimit: '0xd5f3' } }), expect.anything());
    const original = screen.getByRole('region', { name: 'Original Failed' });
    expect(within(rerun).getByText('Success')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'The original and the re-run, side by side' });
    const cells = (row: string) => within(within(table).getByRole('row', { name: new RegExp(`^${row}`) })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('Status')).toEqual(['Failed', 'Success']);
    expect(cells('Gas used')).toEqual(['44,625 of 45,000 (99.2%)', '51,363 of 54,771 (93.8%)']);
    expect(cells('Outcome')).toEqual(['Ran out of gas in TraceToken.transfer, called by TraceVault', `Returned 0x${BigInt(AMOUNT).toString(16).padStart(64, '0')}As a number: 10,000,000,000,000,000,000`]);
    expect(cells('Calls')).toEqual(['3 calls, 3 deep4 failed', '3 calls, 3 deep']);
    expect(within(table).getByRole('columnheader', { name: /^Re-run/ }).textContent).toBe('Re-run with gas limit 54,771 (was 45,000)');
    expect(within(original).getByRole('treegrid', { name: 'Call tree' })).toBeTruthy();
    expect(within(rerun).getByRole('treegrid', { name: 'Call tree' })).toBeTruthy();
    // The form keeps what ran.
    expect(screen.getByLabelText('Gas limit')).toHaveProperty('value', '54771');
  });

  it('runs a link’s change at once: an argument, typed by the decoded function', async () => {
    const whatIf = vi.fn(async ({ change }: { change: WhatIfChange }) => whatIfOf(change));
    renderWithApp(<WhatIfTab networkId="local" hash={HASH} />, { api: { methods: methods(whatIf) }, path: `/explorer/tx/${HASH}?tab=whatif&arg=2&argValue=5` });
    expect(await screen.findByRole('region', { name: 'Re-run Success' })).toBeTruthy();
    expect(whatIf).toHaveBeenCalledWith(expect.objectContaining({ change: { kind: 'argument', index: 2, value: '5' } }), expect.anything());
    expect(screen.getByLabelText('What to change')).toHaveProperty('value', 'argument:2');
    expect(screen.getByLabelText('New value of amount (uint256)')).toHaveProperty('value', '5');
    expect(screen.getByText(`Changed: amount = 5 (was ${AMOUNT}).`, { exact: false })).toBeTruthy();
  });

  it('says what is wrong with a field before anything runs', async () => {
    const whatIf = vi.fn(async ({ change }: { change: WhatIfChange }) => whatIfOf(change));
    renderWithApp(<WhatIfTab networkId="local" hash={HASH} />, { api: { methods: methods(whatIf) }, path: `/explorer/tx/${HASH}?tab=whatif` });
    const gas = await screen.findByLabelText('Gas limit');
    await userEvent.clear(gas);
    await userEvent.type(gas, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(descriptionOf(gas)).toContain('A gas limit is a whole number, in decimal or 0x hex.');
    await userEvent.selectOptions(screen.getByLabelText('What to change'), 'Argument 3: amount (uint256)');
    const amount = screen.getByLabelText('New value of amount (uint256)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(descriptionOf(amount)).toMatch(/A uint256 is from 0 to /);
    expect(whatIf).not.toHaveBeenCalled();
  });

  it('shows why the main process refused a change', async () => {
    const refused = vi.fn(async () => {
      throw { name: 'BlockglassError', kind: 'invalidInput', code: 'INVALID_INPUT', shortMessage: 'A gas limit of 21,000 is below the 22,000 this transaction pays before its code runs.' };
    });
    renderWithApp(<WhatIfTab networkId="local" hash={HASH} />, { api: { methods: methods(refused as never) }, path: `/explorer/tx/${HASH}?tab=whatif&gas=21000` });
    expect(await screen.findByText(/The what-if could not run: A gas limit of 21,000 is below the 22,000/)).toBeTruthy();
  });
});
