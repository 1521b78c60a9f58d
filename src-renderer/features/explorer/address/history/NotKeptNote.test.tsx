import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { sandboxStatusTopic } from '../../../../testing/sandboxStatusTopic';
import { NotKeptNote } from './NotKeptNote';

const RUN = { from: '0xf5', to: '0x106' };


describe('NotKeptNote', () => {
  it('names the blocks of each run with links, what it leaves out, and on Local the window the sandbox says it keeps', async () => {
    renderWithApp(<NotKeptNote networkId="local" ranges={[RUN]} what="a change of balance in them cannot be placed" detail={() => 'went from 0 to 1 ETH'} />, { api: { topics: sandboxStatusTopic({ state: 'running', restarts: 0, liveStatesKept: 8 }) } });
    const note = screen.getByRole('note', { name: 'Blocks whose state the node does not keep' });
    expect(note.textContent).toContain('This node keeps no state of these blocks, so a change of balance in them cannot be placed:');
    expect(within(note).getByRole('listitem').textContent).toBe('Blocks 245–262 (18 blocks): went from 0 to 1 ETH');
    expect(within(note).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/explorer/block/245', '/explorer/block/262']);
    await waitFor(() => expect(note.textContent).toMatch(/The Local sandbox keeps the state of its seeded blocks and of its latest 8 blocks \(more when started with --live-states N\)/));
  });

  it('elsewhere, points to an archive endpoint', () => {
    renderWithApp(<NotKeptNote networkId="mainnet" ranges={[RUN, { from: '0x200', to: '0x200' }]} what="x" />);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('these runs of blocks');
    expect(within(note).getByRole('link', { name: 'add this chain with an archive endpoint' }).getAttribute('href')).toBe('/settings/networks/new');
  });

  it('says nothing when every block was kept', () => {
    renderWithApp(<NotKeptNote networkId="local" ranges={[]} what="x" />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
