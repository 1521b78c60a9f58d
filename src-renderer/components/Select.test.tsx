import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './Select';

describe('Select', () => {
  it('is a choice named by its label, with its options, described by its hint', () => {
    render(
      <Select label="Family" hint="How the node is spoken to." value="evm" onChange={() => {}}>
        <option value="evm">EVM (Ethereum JSON-RPC)</option>
        <option value="starknet">Starknet</option>
      </Select>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Family', description: 'How the node is spoken to.' });
    expect(select.value).toBe('evm');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['EVM (Ethereum JSON-RPC)', 'Starknet']);
    expect(select.className).toBe('input');
  });

  it('says its error, is marked invalid, and passes a pick on', async () => {
    const user = userEvent.setup();
    const picked = vi.fn<(value: string) => void>();
    render(
      <Select label="Gas API credentials" error="Pick how the key is sent." mono value="" onChange={(event) => picked(event.target.value)}>
        <option value="">Choose…</option>
        <option value="path">Key in the path</option>
      </Select>,
    );
    const select = screen.getByRole('combobox', { name: 'Gas API credentials', description: 'Pick how the key is sent.' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.className).toBe('input mono');
    await user.selectOptions(select, 'path');
    expect(picked).toHaveBeenCalledWith('path');
  });
});
