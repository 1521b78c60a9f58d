import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallerRow, CallersEvent } from '../../../../../src-shared/api/callers';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { Callers } from './Callers';

const CONTRACT = '0x0165878A594ca255338adfa4d48449f69242Eb8F';
const row = (over: Partial<CallerRow>): CallerRow => ({
  id: `0x${'1'.repeat(64)}`,
  transactionHash: `0x${'1'.repeat(64)}`,
  blockNumber: '0x20',
  timestamp: '0x67748670',
  touch: 'called',
  from: '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  to: CONTRACT.toLowerCase(),
  method: { kind: 'call', selector: '0xe30443bc', name: 'setBalance' },
  value: '0',
  status: 'success',
  logs: 0,
  ...over,
});

/** A fake history.callers that emits `events` then ends. */
const callers = (events: CallersEvent[]) => ({
  topics: {
    'history.callers': async (_input: unknown, emit: (event: CallersEvent) => void) => {
      for (const event of events) emit(event);
    },
  },
});

const START: CallersEvent = { kind: 'start', mode: 'proof', from: '0x5', head: '0x30', isContract: true, keptUpTo: null, proofRefused: null };

describe('Callers', () => {
  it("lists each row with its block and how it touched the contract, the count in the heading once done", async () => {
    const rows = [
      row({}),
      row({ id: `0x${'2'.repeat(64)}`, transactionHash: `0x${'2'.repeat(64)}`, blockNumber: '0x21', touch: 'emitted', to: '0x7a2088a1bfc9d81c55368ae168c2c02570cb814f' }),
      row({ id: 'block:34', transactionHash: null, blockNumber: '0x22', touch: 'internal', from: null, method: null, value: '5', status: null }),
    ];
    renderWithApp(<Callers networkId="local" address={CONTRACT} isContract />, { api: callers([START, { kind: 'rows', rows }, { kind: 'done', head: '0x30', from: '0x5', count: 3, changedBlocks: 3, requests: 20, notKept: [] }]) });
    const section = await screen.findByRole('region', { name: /Transactions that called it/ });
    await within(section).findByRole('heading', { name: /3 in all \(up to block 48\)/ });
    const grid = within(section).getByRole('grid', { name: 'transactions that called it' });
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼]/g, ''))).toEqual(['Transaction', 'Block', 'How', 'From', 'Method', 'Value', 'Age']);
    const bodyRows = within(grid).getAllByRole('row').slice(1);
    // Newest block first; an internal change of a block names no transaction.
    expect(bodyRows.map((each) => within(each).getAllByRole('gridcell')[2]!.textContent)).toEqual(['internal', 'emitted', 'called']);
    expect(within(bodyRows[0]!).getAllByRole('gridcell')[0]!.textContent).toBe('a call inside the block');
  });

  it('says where the node refuses eth_getProof, in its words, and what is then not seen', async () => {
    const refused: CallersEvent = { ...START, mode: 'balance', proofRefused: 'the method eth_getProof does not exist/is not available' } as CallersEvent;
    renderWithApp(<Callers networkId="local" address={CONTRACT} isContract />, { api: callers([refused, { kind: 'done', head: '0x30', from: '0x5', count: 0, changedBlocks: 0, requests: 3, notKept: [] }]) });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('does not answer eth_getProof (the method eth_getProof does not exist/is not available)');
    expect(note.textContent).toContain('a call that changed only its storage is not seen');
    expect(await screen.findByText('No transaction has called it or changed its state.')).toBeTruthy();
  });

  it("an account's section is what came in, under its own name", async () => {
    const start: CallersEvent = { ...START, isContract: false, from: '0x0' } as CallersEvent;
    renderWithApp(<Callers networkId="local" address={CONTRACT} isContract={false} />, {
      api: callers([start, { kind: 'rows', rows: [row({ touch: 'received', value: '1000000000000000000' })] }, { kind: 'done', head: '0x30', from: '0x5', count: 1, changedBlocks: 4, requests: 9, notKept: [] }]),
    });
    const section = await screen.findByRole('region', { name: /Value received/ });
    await within(section).findByRole('heading', { name: /1 in all/ });
    expect(within(section).getByRole('grid', { name: 'incoming transfers' })).toBeTruthy();
    expect(within(section).getByText('received')).toBeTruthy();
  });

  it('a contract whose state never changed after its creation says why its callers cannot be found this way', async () => {
    const created = row({ touch: 'created', to: null });
    renderWithApp(<Callers networkId="local" address={CONTRACT} isContract />, { api: callers([START, { kind: 'rows', rows: [created] }, { kind: 'done', head: '0x30', from: '0x5', count: 1, changedBlocks: 0, requests: 8, notKept: [] }]) });
    expect(await screen.findByText(/Its state has not changed since it was created, and it emitted no logs/)).toBeTruthy();
  });
});
