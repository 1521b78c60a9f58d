import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NetworkView } from '../../../src-shared/api/networks';
import type { SandboxStatus } from '../../../src-shared/api/sandbox';
import { localNetwork } from '../../../src-shared/networks/localNetwork';
import { renderWithApp } from '../../testing/renderWithApp';
import { ContentPage } from './ContentPage';

// The content screen before it has a store to show: the Local sandbox still starting or stopped (its store has
// no address until it runs) says so, and a network without a store says that, each with what to do.

const LOCAL_NOT_RUNNING: NetworkView = { ...localNetwork(), credential: { configured: true, hint: 'loca…l123' }, selected: true, available: false };

function renderWithSandbox(network: NetworkView, state: SandboxStatus['state']) {
  return renderWithApp(<ContentPage network={network} />, {
    path: '/content',
    api: { topics: { 'sandbox.status': async (_input, emit) => emit({ state, restarts: 0 }) } },
  });
}

describe('ContentPage before a store is there', () => {
  it('says the Local sandbox is starting while it starts, not that it has no content store', async () => {
    renderWithSandbox(LOCAL_NOT_RUNNING, 'starting');
    expect(await screen.findByText('The Local sandbox is starting')).toBeTruthy();
    expect(screen.getByText('Its content store opens here as soon as it runs.')).toBeTruthy();
    expect(screen.queryByText(/has no content store/)).toBeNull();
  });

  it('says the Local sandbox is not running when it crashed, with the way to start it again', async () => {
    renderWithSandbox(LOCAL_NOT_RUNNING, 'crashed');
    expect(await screen.findByText('The Local sandbox is not running')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings → Sandbox' }).getAttribute('href')).toBe('/settings/sandbox');
  });

  it('says a network without a content-store address has none', async () => {
    const custom: NetworkView = { id: 'custom-1', name: 'Staging', family: 'evm', chainId: 5, rpcUrl: 'http://127.0.0.1:1/', wsUrl: '', gasUrl: '', storageUrl: '', credentialId: 'custom-1', kind: 'custom', credential: { configured: false }, selected: true, available: true };
    renderWithSandbox(custom, 'running');
    expect(await screen.findByText('Staging has no content store')).toBeTruthy();
  });
});
