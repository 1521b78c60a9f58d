import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SentEvent, SentTransactionRow } from '../../../../../src-shared/api/history';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { SentTransactions } from './SentTransactions';

const ADDRESS = '0x09DB0a93B389bEF724429898f539AEB7ac2Dd55f';
const row = (nonce: number, block: number): SentTransactionRow => ({
  hash: `0x${nonce.toString(16).padStart(64, '0')}`,
  index: 0,
  blockNumber: `0x${block.toString(16)}`,
  from: ADDRESS.toLowerCase(),
  to: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512',
  createdContract: null,
  value: '0',
  fee: '21000000000000',
  gasUsed: '0x5208',
  status: 'success',
  type: '0x2',
  method: { kind: 'transfer' },
  nonce,
  timestamp: '0x67748670',
});

describe('SentTransactions', () => {
  it('says, above the rows, which nonces were used in blocks the node keeps no state of, once per run, and does not call the list whole', async () => {
    const page: SentEvent = {
      kind: 'page',
      page: { address: ADDRESS, nonce: 6, head: '0x128', rows: [row(5, 0x127), row(4, 0x126), row(0, 0x1d)], next: null, requests: 12, withoutTransaction: [], notKept: [{ from: '0xf5', to: '0x106', nonceFrom: 1, nonceTo: 3 }] },
    };
    renderWithApp(<SentTransactions networkId="local" address={ADDRESS} isContract={false} />, {
      api: { topics: { 'history.sent': async (_input: unknown, emit: (event: SentEvent) => void) => emit(page) } },
    });
    const note = await screen.findByRole('note', { name: 'Blocks whose state the node does not keep' });
    expect(within(note).getByRole('listitem').textContent).toBe('Blocks 245–262 (18 blocks): nonces 1–3 were used in them');
    expect(note.textContent).toContain('the transactions sent in them cannot be found by the nonce, and are not listed');
    // The note comes before the table.
    const grid = screen.getByRole('grid', { name: 'transactions sent' });
    expect(note.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/^That is every transaction it sent back to nonce 0 but the 3 nonces used in blocks this node keeps no state of/)).toBeTruthy();
  });

  it('shows the run two pages found as one, whatever block each saw it end at', async () => {
    const pageOf = (nonces: number[], notKept: { from: string; to: string; nonceFrom: number; nonceTo: number }, before: number | null): SentEvent => ({
      kind: 'page',
      page: { address: ADDRESS, nonce: 8, head: '0x128', rows: nonces.map((nonce) => row(nonce, nonce === 0 ? 0x1d : 0x120 + nonce)), next: before, requests: 4, withoutTransaction: [], notKept: [notKept] },
    });
    let call = 0;
    renderWithApp(<SentTransactions networkId="local" address={ADDRESS} isContract={false} />, {
      api: {
        topics: {
          'history.sent': async (_input: unknown, emit: (event: SentEvent) => void) =>
            emit(call++ === 0 ? pageOf([7, 6], { from: '0xf5', to: '0x106', nonceFrom: 4, nonceTo: 5 }, 4) : pageOf([0], { from: '0xf5', to: '0x107', nonceFrom: 1, nonceTo: 3 }, null)),
        },
      },
    });
    await screen.findByRole('button', { name: /Load older transactions/ }).then((button) => button.click());
    await screen.findByText(/^That is every transaction it sent back to nonce 0/);
    const note = screen.getByRole('note', { name: 'Blocks whose state the node does not keep' });
    expect(within(note).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Blocks 245–263 (19 blocks): nonces 1–5 were used in them']);
  });
});
