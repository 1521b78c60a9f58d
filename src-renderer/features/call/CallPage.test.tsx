import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NetworkView } from '../../../src-shared/api/networks';
import type { CallHistoryEntry, CallOutcome } from '../../../src-shared/call/types';
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
function renderPage(run: () => Promise<CallOutcome>) {
  const history: CallHistoryEntry[] = [];
  return renderWithApp(<CallPage network={network} />, {
    api: {
      methods: {
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
