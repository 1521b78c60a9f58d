import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NetworkView } from '../../../../src-shared/api/networks';
import { localNetwork } from '../../../../src-shared/networks/localNetwork';
import { renderWithApp } from '../../../testing/renderWithApp';
import { NetworkEditor } from './NetworkEditor';

const added: NetworkView = { ...localNetwork(), id: 'custom-1', name: 'My node', kind: 'custom', credentialId: 'no-key', credential: { configured: false }, selected: false, available: true };

function renderForm(chainIdAt: () => Promise<{ chainId: number | string }>) {
  const add = vi.fn(async (_input: unknown) => added);
  const read = vi.fn(chainIdAt);
  renderWithApp(<NetworkEditor />, { api: { methods: { 'networks.chainIdAt': read, 'networks.add': add } } });
  return { add, read };
}

describe('NetworkEditor (adding a network)', () => {
  it('reads the chain id from the node once its address is typed, says so, and adds a network with no key', async () => {
    const user = userEvent.setup();
    const { add, read } = renderForm(async () => ({ chainId: 31337 }));
    await user.type(screen.getByLabelText('Name'), 'My node');
    await user.selectOptions(screen.getByLabelText('API key'), 'No key');
    await user.type(screen.getByLabelText('JSON-RPC address'), 'http://127.0.0.1:8545');
    await user.tab();
    const chainId = await screen.findByRole('textbox', { name: 'Chain id', description: 'Read from the node (eth_chainId); it can still be changed.' });
    expect((chainId as HTMLInputElement).value).toBe('31337');
    expect(read).toHaveBeenCalledWith({ rpcUrl: 'http://127.0.0.1:8545', family: 'evm', credential: 'none' }, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Add network' }));
    await waitFor(() => expect(add).toHaveBeenCalled());
    expect(add.mock.calls[0]![0]).toMatchObject({ name: 'My node', chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', credentialId: 'no-key' });
  });

  it('keeps a chain id typed by hand, and reads again only when asked', async () => {
    const user = userEvent.setup();
    const { read } = renderForm(async () => ({ chainId: 1 }));
    await user.type(screen.getByLabelText('Chain id'), '5');
    await user.type(screen.getByLabelText('JSON-RPC address'), 'http://127.0.0.1:8545');
    await user.tab();
    expect(read).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Read from the node' }));
    await waitFor(() => expect((screen.getByLabelText('Chain id') as HTMLInputElement).value).toBe('1'));
  });

  it('says at the chain id why the node could not be read, and leaves it to be typed', async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw Object.assign(new Error('Nothing answers at 127.0.0.1:9: the connection was refused.'), { name: 'NetworkDownError', kind: 'unreachable', code: 'ECONNREFUSED' });
    });
    await user.type(screen.getByLabelText('JSON-RPC address'), 'http://127.0.0.1:9');
    await user.tab();
    const chainId = await screen.findByRole('textbox', { name: 'Chain id', description: /^The chain id could not be read from the node: / });
    expect(chainId.getAttribute('aria-invalid')).toBe('true');
    expect(chainId.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Type it instead\.$/).textContent).toMatchInlineSnapshot(`"The chain id could not be read from the node: Nothing answers at 127.0.0.1:9: the connection was refused. Type it instead."`);
  });
});
