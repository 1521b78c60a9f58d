import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkView } from '../../../src-shared/api/networks';
import type { CallHistoryEntry, CallOutcome, SuggestedFrom } from '../../../src-shared/call/types';
import { localNetwork } from '../../../src-shared/networks/localNetwork';
import { renderWithApp } from '../../testing/renderWithApp';
import { CallPage } from './CallPage';
import { useCallDrafts } from './callDraft';

const network: NetworkView = { ...localNetwork(), credential: { configured: true }, selected: true, available: true };
const reverter = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';
const REVERTED: CallOutcome = {
  ok: false,
  error: { code: 3, message: 'The call reverted; its revert data is attached.', data: '0xcf479181' },
  revert: { status: 'decoded', selector: '0xcf479181', name: 'InsufficientBalance', signature: 'InsufficientBalance(uint256,uint256)', args: [], source: 'metadata', alternatives: [], message: 'InsufficientBalance(requested: 1000, available: 100)' },
  elapsedMs: 2,
  blockNumber: null,
  warnings: [],
};

/** The page over a fake API whose `call.run` answers `run`; the history starts empty. */
function renderPage(run: () => Promise<CallOutcome>, on: NetworkView = network, suggestedFrom: () => Promise<SuggestedFrom> = async () => ({ address: null, source: null })) {
  const history: CallHistoryEntry[] = [];
  return renderWithApp(<CallPage network={on} />, {
    api: {
      methods: {
        'call.suggestedFrom': suggestedFrom,
        'call.abi': async ({ address }) => ({ address, isContract: true, source: null, functions: [], errors: [], unknownSelectors: [] }),
        'call.decodeData': async () => ({ status: 'raw', reason: 'No source names it.', alternatives: [] }),
        'call.history': async () => history,
        'call.run': run,
      },
    },
  });
}

/** Fills the target and the calldata, then runs the call. */
async function runTheCall() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Contract address (to)'), reverter);
  const calldata = screen.getByLabelText(/^Calldata \(data\)/);
  await user.clear(calldata);
  await user.type(calldata, '0x2e1a7d4d');
  await user.click(screen.getByRole('button', { name: 'Run eth_call' }));
}

/** Where the outcome's top is, as the window shows it. */
function placeOutcomeAt(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return DOMRect.fromRect(this.classList.contains('call-outcome') ? { x: 0, y: top, width: 400, height: 300 } : { x: 0, y: 0, width: 0, height: 0 });
  });
}

describe('CallPage', () => {
  const scrolled = vi.fn();
  beforeEach(() => {
    useCallDrafts.setState({ drafts: {} });
    // jsdom lays nothing out and has no scrollIntoView.
    HTMLElement.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    scrolled.mockReset();
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
  });

  it('moves focus to the outcome when it comes, and scrolls it to the top of the window when it is out of view under the form', async () => {
    placeOutcomeAt(1400);
    renderPage(async () => REVERTED);
    await runTheCall();
    const outcome = await screen.findByRole('region', { name: 'Reverted InsufficientBalance(requested: 1000, available: 100)' });
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(scrolled.mock.contexts.at(-1)).toBe(outcome);
  });

  it('moves focus to the outcome beside the form without scrolling the page when it is already in view', async () => {
    placeOutcomeAt(80);
    renderPage(async () => ({ ok: true, returnData: '0x', outputs: null, elapsedMs: 1, blockNumber: null, warnings: [] }));
    await runTheCall();
    const outcome = await screen.findByRole('region', { name: 'Returned Result' });
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('says each problem at its own field once Run is pressed, and runs nothing', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => REVERTED);
    renderPage(run);
    await user.clear(screen.getByLabelText('From (required)'));
    await user.type(screen.getByLabelText('Contract address (to)'), reverter.replace('0x5FC8', '0x5fC8'));
    await user.type(screen.getByLabelText('Value (wei)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Run eth_call' }));
    const checksum = 'Bad address checksum: a character may be mistyped. Check the address, or paste it in all lowercase to skip the check.';
    expect(screen.getByRole('textbox', { name: 'Contract address (to)', description: `${checksum} Leave empty to run the data as creation code.` }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'From (required)', description: 'The spec requires from: the address the call is made as.' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Value (wei)', description: 'Value is a whole number, in decimal or 0x hex.' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Gas', description: 'Over 10x the block gas limit, the service caps it silently.' }).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByText('Some fields need attention (marked above).')).toBeTruthy();
    expect(run).not.toHaveBeenCalled();
  });

  it('sends the custom errors of an ABI pasted in its own ABI field with the call, so that main decodes the revert with them', async () => {
    const user = userEvent.setup();
    const run = vi.fn(async () => REVERTED);
    renderPage(run);
    // Typed with paste: user-event reads braces as key names.
    await user.click(screen.getByLabelText('ABI (optional): JSON, an artifact, or signatures'));
    await user.paste('error InsufficientBalance(uint256 requested, uint256 available)\nwithdraw(uint256 amount)');
    await runTheCall();
    await waitFor(() => expect(run).toHaveBeenCalled());
    const [[{ request }]] = run.mock.calls as unknown as [[{ request: { errors?: unknown[] } }]];
    expect(request.errors).toEqual([{ type: 'error', name: 'InsufficientBalance', inputs: [{ type: 'uint256', name: 'requested' }, { type: 'uint256', name: 'available' }] }]);
  });

  it("fills From on a custom network with the node's account, said under it, and leaves a From emptied on purpose empty", async () => {
    const custom: NetworkView = { ...network, id: 'hardhat', name: 'Hardhat', kind: 'custom' };
    const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    renderPage(async () => REVERTED, custom, async () => ({ address: account, source: 'node' }));
    const from = await screen.findByRole('textbox', { name: 'From (required)', description: "The node's first account (eth_accounts)." });
    await waitFor(() => expect((from as HTMLInputElement).value).toBe(account));
    await userEvent.setup().clear(from);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((from as HTMLInputElement).value).toBe('');
  });

  it('fills From with the last one used where the node offers no account', async () => {
    const custom: NetworkView = { ...network, id: 'hosted', name: 'Hosted', kind: 'custom' };
    const account = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    renderPage(async () => REVERTED, custom, async () => ({ address: account, source: 'history' }));
    await screen.findByRole('textbox', { name: 'From (required)', description: 'The last one used on this network.' });
    expect((screen.getByLabelText('From (required)') as HTMLInputElement).value).toBe(account);
  });

  it('brings why the call could not be made into view and focus, in the outcome’s place', async () => {
    placeOutcomeAt(1400);
    renderPage(async () => {
      throw Object.assign(new Error('Nothing answers at 127.0.0.1:8545.'), { name: 'NetworkDownError' });
    });
    await runTheCall();
    const outcome = await screen.findByRole('region', { name: 'Not made The call could not be made' });
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(scrolled.mock.contexts.at(-1)).toBe(outcome);
  });
});
