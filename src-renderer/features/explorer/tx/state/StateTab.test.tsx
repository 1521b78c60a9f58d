import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StateView } from '../../../../../src-shared/trace/stateView';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { StateTab } from './StateTab';
import { slotValueText } from './slotValueText';

// A token transfer written out by hand: the sender paid gas and bumped its nonce, the block's fee recipient was paid,
// and the token moved 1.5 GLS from the sender to a receiver (two `_balances` entries); a contract was also created.
const SENDER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const RECEIVER = '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65';
const COINBASE = '0x0000000000000000000000000000000000000000';
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const CHILD = '0xa16e02e87b7454126e5e10d957a927a7f5b5d2be';
const HASH = `0x${'c3'.repeat(32)}` as const;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`;
const GLS = 10n ** 18n;

const STATE: StateView = {
  hash: HASH,
  source: 'replay',
  check: { matchesReceipt: true, differences: [] },
  namedContracts: 1,
  diff: { pre: {}, post: {} },
  accounts: [
    { address: COINBASE, roles: ['feeRecipient'], created: false, destroyed: false, balance: { before: '0x0', after: '0x5208' }, storage: [] },
    { address: SENDER, roles: ['sender'], created: false, destroyed: false, balance: { before: '0xde0b6b3a7640000', after: '0xde0a39a35d9b000' }, nonce: { before: 4, after: 5 }, storage: [] },
    {
      address: TOKEN,
      contract: 'SandboxToken',
      label: 'Glass token',
      roles: ['recipient'],
      created: false,
      destroyed: false,
      storage: [
        { slot: `0x${'1a'.repeat(32)}`, before: word(10n * GLS), after: word(85n * GLS / 10n), name: `_balances[${SENDER}]`, type: 'uint256' },
        { slot: `0x${'2b'.repeat(32)}`, before: word(0n), after: word(15n * GLS / 10n), name: `_balances[${RECEIVER}]`, type: 'uint256' },
        { slot: word(7n), before: word(1n), after: word(2n) },
      ],
    },
    { address: CHILD, roles: [], created: true, destroyed: false, nonce: { before: 0, after: 1 }, code: { before: '0x', after: '0x60806040' }, storage: [] },
  ],
  tokens: [
    { token: TOKEN, holder: RECEIVER, change: '0x14d1120d7b160000', symbol: 'GLS', decimals: 18 },
    { token: TOKEN, holder: SENDER, change: '-0x14d1120d7b160000', symbol: 'GLS', decimals: 18 },
  ],
};

const render = (state: StateView | (() => Promise<StateView>)) =>
  renderWithApp(<StateTab networkId="local" hash={HASH} />, { api: { methods: { 'trace.state': typeof state === 'function' ? state : async () => state } } });

describe('StateTab', () => {
  it('says how many addresses changed and where the changes came from', async () => {
    render(STATE);
    expect(await screen.findByText('4 addresses changed')).toBeTruthy();
    expect(screen.getByText('· 3 storage slots')).toBeTruthy();
    expect(screen.getByText(/Replayed in Blockglass/)).toBeTruthy();
    expect(screen.getByText(/named by variable from 1 contract's storage layout/)).toBeTruthy();
  });

  it('shows each changed field before and after, slots named by variable and read as their type', async () => {
    render(STATE);
    const token = await screen.findByRole('article', { name: 'Changes of Glass token' });
    expect(within(token).getByText('SandboxToken')).toBeTruthy();
    expect(within(token).getByText('recipient')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: `Changes of ${COINBASE}` })).getByText('fee recipient')).toBeTruthy();
    const sent = within(token).getByRole('row', { name: new RegExp(`_balances\\[${SENDER}\\]`) });
    expect(within(sent).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['10,000,000,000,000,000,000', '8,500,000,000,000,000,000']);
    // A slot no layout names is shown by its number, its words in hex.
    const unnamed = within(token).getByRole('row', { name: /Storage slot 0x7/ });
    expect(within(unnamed).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0x1', '0x2']);

    const sender = screen.getByRole('article', { name: `Changes of ${SENDER}` });
    expect(within(within(sender).getByRole('row', { name: /Nonce/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['4', '5']);
    expect(within(sender).getByRole('row', { name: /Balance/ }).textContent).toContain('−0.000021 ETH');

    const child = screen.getByRole('article', { name: `Changes of ${CHILD}` });
    expect(within(child).getByText('created')).toBeTruthy();
    expect(within(within(child).getByRole('row', { name: /Code/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['none', '4 bytes']);
  });

  it('lists token balance changes in the token’s units, signed', async () => {
    render(STATE);
    const table = await screen.findByRole('region', { name: /Token balance changes \(2\)/ });
    expect(table.textContent).toContain('+1.5 GLS');
    expect(table.textContent).toContain('−1.5 GLS');
  });

  it('warns that a replay which differs from the receipt is not the truth', async () => {
    render({ ...STATE, check: { matchesReceipt: false, differences: [{ field: 'gasUsed', receipt: '21000', replay: '21500' }] } });
    expect((await screen.findByRole('alert')).textContent).toContain('This replay does not match the receipt, so the changes below are not the truth');
  });

  it('says whose layout named a proxy’s slots', async () => {
    render({ ...STATE, accounts: [{ ...STATE.accounts[2]!, contract: 'ERC1967Proxy', layoutContract: 'ProxiedToken' }] });
    expect((await screen.findByRole('article', { name: 'Changes of Glass token' })).textContent).toContain('slots named by ProxiedToken');
  });

  it('shows the first fifty addresses of a transaction that changed more, and the rest on asking', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ ...STATE.accounts[0]!, roles: [], address: `0x${(i + 1).toString(16).padStart(40, '0')}` as `0x${string}` }));
    render({ ...STATE, accounts: many });
    expect(await screen.findByText('120 addresses changed')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 120 addresses' }));
    expect(screen.getAllByRole('article')).toHaveLength(120);
  });

  it('says when nothing can be named and no token moved', async () => {
    render({ ...STATE, namedContracts: 0, tokens: [] });
    expect(await screen.findByText(/No changed contract's storage layout is known/)).toBeTruthy();
    expect(screen.getByText(/No ERC-20 Transfer event in this transaction/)).toBeTruthy();
  });
});

describe('slotValueText', () => {
  it.each([
    [word(1234n), 'uint256', '1,234'],
    [word((1n << 256n) - 5n), 'int256', '−5'],
    [word(BigInt(RECEIVER)), 'address', RECEIVER],
    [word(0n), 'address', 'none (zero address)'],
    [word(1n), 'bool', 'true'],
    [word(0xabcn), 'uint112, uint112', '0xabc'],
    [word(0n), undefined, '0x0'],
  ] as const)('reads %s as a %s: %s', (value, type, text) => {
    expect(slotValueText(value, type)).toBe(text);
  });
});
