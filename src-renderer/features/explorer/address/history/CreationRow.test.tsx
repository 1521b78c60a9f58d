import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreationView } from '../../../../../src-shared/api/history';
import { renderWithApp } from '../../../../testing/renderWithApp';
import { sandboxStatusTopic } from '../../../../testing/sandboxStatusTopic';
import { CreationRow } from './CreationRow';

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const render = (networkId: string, creation: CreationView) =>
  renderWithApp(<CreationRow networkId={networkId} address={ADDRESS} />, { api: { methods: { 'history.creation': async () => ({ creation }) }, topics: sandboxStatusTopic({ state: 'running', restarts: 0, liveStatesKept: 128 }) } });

describe('CreationRow', () => {
  it('says the run of blocks its code appeared in where the node keeps no state of them, and why on Local', async () => {
    render('local', { address: ADDRESS, block: '0x107', transactionHash: null, creator: null, requests: 20, notKept: { from: '0xf5', to: '0x106' } });
    const row = (await screen.findByText(/somewhere in blocks/)).closest('span')!;
    await waitFor(() => expect(row.textContent).toBe('somewhere in blocks 245–263 · this node keeps no state of blocks 245–262, so the block of its creation cannot be told (the Local sandbox keeps the state of its seeded blocks and of its latest 128 blocks)'));
  });

  it('names the block and the deploying transaction where the node keeps them', async () => {
    const hash = `0x${'1'.repeat(64)}`;
    render('mainnet', { address: ADDRESS, block: '0x10', transactionHash: hash, creator: '0x90f79bf6eb2c4f870365e785982e1f101e93b906', requests: 9 });
    expect((await screen.findByText(/^in block/)).textContent).toMatch(/^in block 16 by 0x1111.+ from 0x90F7/);
  });
});
