import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/renderWithApp';
import { sandboxStatusTopic } from '../testing/sandboxStatusTopic';
import { DroppedBlocksNote } from './DroppedBlocksNote';

const GAP = { from: '0xf5', to: '0x2327' };

describe('DroppedBlocksNote', () => {
  it('names the dropped blocks with links, what that leaves out, and on Local the live blocks the sandbox says it keeps', async () => {
    renderWithApp(<DroppedBlocksNote networkId="local" dropped={[GAP]} what="transfers in them are not listed" />, {
      api: { topics: sandboxStatusTopic({ state: 'running', restarts: 0, liveBlocksKept: 4096 }) },
    });
    const note = screen.getByRole('note', { name: 'Blocks the node no longer keeps' });
    expect(note.textContent).toContain('This node no longer keeps these blocks, so transfers in them are not listed:');
    expect(within(note).getByRole('listitem').textContent).toBe('Blocks 245–8,999 (8,755 blocks)');
    expect(within(note).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/explorer/block/245', '/explorer/block/8999']);
    await waitFor(() => expect(note.textContent).toContain('The Local sandbox keeps its seeded blocks and its latest 4,096 live blocks (more when started with --live-blocks N)'));
  });

  it('elsewhere, points to an endpoint that keeps every block', () => {
    renderWithApp(<DroppedBlocksNote networkId="mainnet" dropped={[GAP, { from: '0x3000', to: '0x3000' }]} what="x" />);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('these runs of blocks');
    expect(within(note).getByRole('link', { name: 'add this chain with an endpoint that keeps every block' }).getAttribute('href')).toBe('/settings/networks/new');
  });

  it('says nothing when no block was dropped', () => {
    renderWithApp(<DroppedBlocksNote networkId="local" dropped={undefined} what="x" />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
