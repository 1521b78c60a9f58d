import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TransactionView } from '../../../../../src-shared/api/explorer';
import type { Decoding } from '../../../../../src-shared/decoding/types';
import type { TraceFrameView, TraceView } from '../../../../../src-shared/trace/traceView';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { TransactionBody } from '../TransactionBody';
import { TraceTab } from './TraceTab';

// The sandbox's deep revert, written out by hand: an account asks TraceRouter to redeem 1,000 TRC from TracePool; the
// pool reads its vault's reserve (a static call), then has TraceVault pay, and the token refuses the transfer with
// ERC20InsufficientBalance. The token's revert is passed up unchanged by the vault, the pool and the router, so the
// revert began three calls deep, at path [0, 1, 0].
const SENDER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const ROUTER = '0x8a791620dd6260079bf849dc5567adc3f2fdc318';
const POOL = '0x2279b7a0a67db372996a5fab50d91eaa73d2ebe6';
const VAULT = '0xb7a5bd0345ef1cc5e66bf61bdec17d2461fbd968';
const TOKEN = '0x0165878a594ca255338adfa4d48449f69242eb8f';
const HASH = `0x${'d4'.repeat(32)}` as const;
const RESERVE = '60000000000000000000';
const TOO_MUCH = '1000000000000000000000';
const REVERT_DATA = `0xe450d38c${VAULT.slice(2).padStart(64, '0')}${BigInt(RESERVE).toString(16).padStart(64, '0')}${BigInt(TOO_MUCH).toString(16).padStart(64, '0')}` as const;
const REVERT_MESSAGE = `ERC20InsufficientBalance(sender: ${VAULT}, balance: ${RESERVE}, needed: ${TOO_MUCH})`;

const decoded = (name: string, signature: string, args: [string, string, string][]): Decoding => ({
  status: 'decoded',
  selector: '0x00000000',
  name,
  signature,
  args: args.map(([argName, type, value]) => ({ name: argName, type, value })),
  source: 'metadata',
  alternatives: [],
});

const frame = (fields: Partial<TraceFrameView> & Pick<TraceFrameView, 'kind' | 'from' | 'to' | 'depth'>): TraceFrameView => ({ value: '0x0', input: '0x', gas: '0x30d40', gasUsed: '0x5208', children: [], ...fields });
const failing = { error: 'execution reverted', output: REVERT_DATA } as const;

const TOKEN_TRANSFER = frame({
  kind: 'call', from: VAULT, to: TOKEN, depth: 3, ...failing, input: `0xa9059cbb${'0'.repeat(128)}`, gasUsed: '0x1a2b', contract: 'TraceToken',
  call: decoded('transfer', 'transfer(address,uint256)', [['to', 'address', SENDER], ['value', 'uint256', TOO_MUCH]]),
  revert: { ...decoded('ERC20InsufficientBalance', 'ERC20InsufficientBalance(address,uint256,uint256)', [['sender', 'address', VAULT], ['balance', 'uint256', RESERVE], ['needed', 'uint256', TOO_MUCH]]), message: REVERT_MESSAGE },
});
const VAULT_PAY = frame({
  kind: 'call', from: POOL, to: VAULT, depth: 2, ...failing, input: '0x5d6a4e8c', gasUsed: '0x3a98', contract: 'TraceVault', children: [TOKEN_TRANSFER],
  call: decoded('pay', 'pay(address,address,uint256)', [['token', 'address', TOKEN], ['to', 'address', SENDER], ['amount', 'uint256', TOO_MUCH]]),
  revert: { ...TOKEN_TRANSFER.revert!, message: REVERT_MESSAGE },
});
const RESERVE_READ = frame({
  kind: 'staticcall', from: POOL, to: TOKEN, depth: 2, input: `0x70a08231${VAULT.slice(2).padStart(64, '0')}`, output: `0x${BigInt(RESERVE).toString(16).padStart(64, '0')}`, gasUsed: '0xa8c', contract: 'TraceToken',
  call: decoded('balanceOf', 'balanceOf(address)', [['account', 'address', VAULT]]),
});
const POOL_REDEEM = frame({
  kind: 'call', from: ROUTER, to: POOL, depth: 1, ...failing, input: '0x1e9a6950', gasUsed: '0x9c40', contract: 'TracePool', children: [RESERVE_READ, VAULT_PAY],
  call: decoded('redeem', 'redeem(address,uint256)', [['to', 'address', SENDER], ['amount', 'uint256', TOO_MUCH]]),
  revert: { ...TOKEN_TRANSFER.revert!, message: REVERT_MESSAGE },
});
const ROOT = frame({
  kind: 'call', from: SENDER, to: ROUTER, depth: 0, ...failing, input: '0x7bde82f2', gas: '0x30d40', gasUsed: '0xc350', contract: 'TraceRouter', children: [POOL_REDEEM],
  call: decoded('redeem', 'redeem(address,address,uint256)', [['pool', 'address', POOL], ['to', 'address', SENDER], ['amount', 'uint256', TOO_MUCH]]),
  revert: { ...TOKEN_TRANSFER.revert!, message: REVERT_MESSAGE },
});
const DEEP_REVERT: TraceView = { hash: HASH, source: 'callTracer', root: ROOT, summary: { calls: 4, depth: 3, failed: 4, revertOrigin: [0, 1, 0] } };

// TraceSplitter's split: 1.5 ETH in, sent on to two payees in two calls (the internal transfers).
const PAYEES = ['0x15d34aaf54267db7d7c367839aaf71a00a2c6a65', '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc'] as const;
const SPLITTER = '0xa513e6e4b8f2a923d98304ec87f64353c4d5c853';
const SPLIT: TraceView = {
  hash: HASH,
  source: 'replay',
  hardfork: 'prague',
  check: { matchesReceipt: true, differences: [] },
  root: frame({
    kind: 'call', from: SENDER, to: SPLITTER, depth: 0, value: '0x14d1120d7b160000', contract: 'TraceSplitter', call: decoded('split', 'split(address[])', []),
    children: PAYEES.map((payee) => frame({ kind: 'call', from: SPLITTER, to: payee, depth: 1, value: '0xa688906bd8b0000' })),
  }),
  summary: { calls: 2, depth: 1, failed: 0 },
};

const FAILED_VIEW: TransactionView = {
  transaction: { hash: HASH, from: SENDER, to: ROUTER, value: '0x0', input: ROOT.input, nonce: '0x7', type: '0x2', gas: '0x30d40' },
  receipt: { status: '0x0', gasUsed: '0xc350', effectiveGasPrice: '0x3b9aca00', logs: [] },
  pending: false,
  block: { number: '0x90', hash: `0x${'2'.repeat(64)}`, timestamp: '0x1', miner: SENDER, transactionCount: 3, gasUsed: '0x1', gasLimit: '0x2', baseFeePerGas: null },
  head: '0x95',
  position: null,
  fee: '0x0',
  input: ROOT.call!,
  logs: [],
  transfers: [],
  revert: { reproduced: true, atBlock: '0x8f', decoding: ROOT.revert! },
  addresses: {},
};

const origin = () => document.querySelector<HTMLElement>('[role="row"][aria-current="location"]');

describe('the Trace tab', () => {
  it("says how many calls the tree holds, how deep, how many failed, and that it is the node's own", async () => {
    renderWithApp(<TraceTab networkId="local" hash={HASH} />, { api: { methods: { 'trace.transaction': async () => DEEP_REVERT } } });
    const tree = await screen.findByRole('treegrid', { name: 'Call tree' });
    expect(screen.getByText('4 calls, 3 deep')).toBeTruthy();
    expect(screen.getByText('4 failed')).toBeTruthy();
    expect(screen.getByText("From the node's call tracer")).toBeTruthy();
    expect(within(tree).getAllByRole('row')).toHaveLength(6); // the header and five frames: a tree this small opens whole
  });

  it('marks where the revert began, with its path expanded and the row active, and every failing frame in red', async () => {
    renderWithApp(<TraceTab networkId="local" hash={HASH} />, { api: { methods: { 'trace.transaction': async () => DEEP_REVERT } } });
    const tree = await screen.findByRole('treegrid', { name: 'Call tree' });
    const row = origin()!;
    expect(row.textContent).toContain('TraceToken.transfer(to: 0x90f79bf6…93b906, value: 1000000000000000000000)');
    expect(row.textContent).toContain('revert began here');
    expect(row.textContent).toContain(REVERT_MESSAGE);
    expect(row.getAttribute('aria-level')).toBe('4');
    expect(tree.getAttribute('aria-activedescendant')).toBe(row.id);
    const rows = within(tree).getAllByRole('row').slice(1);
    expect(rows.filter((r) => r.classList.contains('is-failed'))).toHaveLength(4);
    // The frames above it failed with its revert passed up unchanged: they say so instead of repeating it.
    expect(rows.filter((r) => r.textContent?.includes('passed the revert up'))).toHaveLength(3);
    // Its ancestors are open; the callee links to its address page.
    for (const name of ['TraceRouter', 'TracePool', 'TraceVault']) expect(rows.find((r) => r.textContent?.includes(`${name}.`))?.getAttribute('aria-expanded')).toBe('true');
    expect(within(row).getByRole('link', { name: 'TraceToken' }).getAttribute('href')).toBe('/explorer/address/0x0165878A594ca255338adfa4d48449f69242Eb8F');
  });

  it('marks a frame that ran out of gas as where the failure began, in words that say so rather than a reason it has not', async () => {
    // Gas run out in the token's transfer: its output is empty, which decodes to "reverted without a reason".
    const outOfGas = { ...TOKEN_TRANSFER, error: 'out of gas', output: '0x', revert: { status: 'failed' as const, message: 'Reverted without a reason' } } as unknown as TraceFrameView;
    const root = { ...ROOT, children: [{ ...POOL_REDEEM, children: [RESERVE_READ, { ...VAULT_PAY, children: [outOfGas] }] }] };
    renderWithApp(<TraceTab networkId="local" hash={HASH} />, { api: { methods: { 'trace.transaction': async () => ({ ...DEEP_REVERT, root }) } } });
    await screen.findByRole('treegrid', { name: 'Call tree' });
    const row = origin()!;
    expect(row.textContent).toContain('ran out of gas here');
    expect(row.textContent).toContain('✕ out of gas');
    expect(row.textContent).not.toContain('without a reason');
  });

  it('collapses and expands with the keyboard, and shows a row’s raw input and output on Enter', async () => {
    const user = userEvent.setup();
    renderWithApp(<TraceTab networkId="local" hash={HASH} />, { api: { methods: { 'trace.transaction': async () => DEEP_REVERT } } });
    const tree = await screen.findByRole('treegrid', { name: 'Call tree' });
    tree.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Raw revert data').textContent).toBe(REVERT_DATA);
    await user.keyboard('{ArrowLeft}{ArrowLeft}'); // to the vault's row, then closed
    const vault = within(tree).getAllByRole('row').find((r) => r.textContent?.includes('TraceVault.pay'))!;
    expect(vault.getAttribute('aria-expanded')).toBe('false');
    expect(origin()).toBeNull();
    await user.keyboard('{ArrowRight}');
    expect(origin()).not.toBeNull();
  });

  it('draws only the rows in view of an 8,000-call tree', async () => {
    const children = Array.from({ length: 8000 }, (_, i) => frame({ kind: 'staticcall', from: ROUTER, to: TOKEN, depth: 1, input: `0x70a08231${i.toString(16).padStart(64, '0')}` }));
    const big: TraceView = { hash: HASH, source: 'callTracer', root: frame({ kind: 'call', from: SENDER, to: ROUTER, depth: 0, children }), summary: { calls: 8000, depth: 1, failed: 0 } };
    renderWithApp(<TraceTab networkId="local" hash={HASH} />, { api: { methods: { 'trace.transaction': async () => big } } });
    const tree = await screen.findByRole('treegrid', { name: 'Call tree' });
    expect(screen.getByText('8,000 calls, 1 deep')).toBeTruthy();
    expect(tree.getAttribute('aria-rowcount')).toBe('8002');
    expect(within(tree).getAllByRole('row').length).toBeLessThan(60);
  });

  it('lists the internal ETH transfers, from, to and amount', async () => {
    renderWithApp(<TraceTab networkId="local" hash={HASH} />, { api: { methods: { 'trace.transaction': async () => SPLIT } } });
    const section = await screen.findByRole('region', { name: 'Internal ETH transfers (2)' });
    const rows = within(within(section).getByRole('grid', { name: 'internal transfers' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    rows.forEach((row, i) => {
      expect(row.textContent).toContain('0.75 ETH');
      expect(row.textContent!.toLowerCase()).toContain(PAYEES[i]!.slice(0, 10));
      expect(row.textContent!.toLowerCase()).toContain(SPLITTER.slice(0, 10));
    });
    expect(screen.getByText('Replayed in Blockglass: the node offers no call tracer (at the prague hardfork)')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns, naming the differences, when a replay does not match the receipt', async () => {
    const replay: TraceView = { ...DEEP_REVERT, source: 'replay', check: { matchesReceipt: false, differences: [{ field: 'gasUsed', receipt: '50,000', replay: '48,112' }] } };
    renderWithApp(<TransactionBody view={FAILED_VIEW} networkId="local" networkName="Local sandbox" tab="trace" />, { api: { methods: { 'trace.transaction': async () => replay } } });
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('This replay does not match the receipt, so the tree below is not the truth');
    expect(warning.textContent).toContain('gas used: the receipt says 50,000, the replay 48,112');
  });
});

describe("the failed transaction's headline", () => {
  it('names the frame where the revert began and its caller, once the trace is in', async () => {
    renderWithApp(<TransactionBody view={FAILED_VIEW} networkId="local" networkName="Local sandbox" />, { api: { methods: { 'trace.transaction': async () => DEEP_REVERT } } });
    expect(await screen.findByRole('heading', { name: `Reverted in TraceToken.transfer, called by TraceVault.pay: ${REVERT_MESSAGE}` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Trace' }).getAttribute('href')).toBe(`/explorer/tx/${HASH}?tab=trace`);
  });

  it('keeps the outermost reason when the replay is not to be believed', async () => {
    const replay: TraceView = { ...DEEP_REVERT, source: 'replay', check: { matchesReceipt: false, differences: [{ field: 'status', receipt: 'failed', replay: 'succeeded' }] } };
    const traced = vi.fn(async () => replay);
    renderWithApp(<TransactionBody view={FAILED_VIEW} networkId="local" networkName="Local sandbox" />, { api: { methods: { 'trace.transaction': traced } } });
    await waitFor(() => expect(traced).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { level: 2, name: `Failed: ${REVERT_MESSAGE}` })).toBeTruthy();
  });

  it('does not read the trace of a transaction that succeeded until its tab is opened', async () => {
    const traced = vi.fn(async () => DEEP_REVERT);
    const succeeded = { ...FAILED_VIEW, receipt: { ...FAILED_VIEW.receipt, status: '0x1' }, revert: null } as TransactionView;
    renderWithApp(<TransactionBody view={succeeded} networkId="local" networkName="Local sandbox" />, { api: { methods: { 'trace.transaction': traced } } });
    expect(await screen.findByRole('heading', { name: 'Succeeded' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(traced).not.toHaveBeenCalled();
  });
});
