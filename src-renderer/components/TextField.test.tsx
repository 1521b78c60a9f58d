import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is a text box named by its label and described by its hint', () => {
    render(<TextField label="RPC URL" hint="An http(s) or ws(s) address." placeholder="https://" />);
    const input = screen.getByRole('textbox', { name: 'RPC URL', description: 'An http(s) or ws(s) address.' });
    expect(input.getAttribute('placeholder')).toBe('https://');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows its error, is marked invalid, and reads the error before the hint', () => {
    render(<TextField label="Chain id" hint="A positive whole number." error="Chain id must be a whole number." />);
    const input = screen.getByRole('textbox', { name: 'Chain id', description: 'Chain id must be a whole number. A positive whole number.' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Chain id must be a whole number.')).toBeTruthy();
  });

  it('has no description at all without a hint or an error', () => {
    render(<TextField label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
  });

  it('gives each field its own notes when there are several', () => {
    render(
      <>
        <TextField label="From block" error="Not a block number." />
        <TextField label="To block" hint="Empty for the latest." />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'From block', description: 'Not a block number.' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'To block', description: 'Empty for the latest.' }).hasAttribute('aria-invalid')).toBe(false);
  });

  it('passes the input its own attributes and events, and the wrapper its class', async () => {
    const user = userEvent.setup();
    const changed = vi.fn<(value: string) => void>();
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <TextField
          label="Address"
          mono
          className="wide"
          value={value}
          maxLength={6}
          onChange={(event) => {
            setValue(event.target.value);
            changed(event.target.value);
          }}
        />
      );
    }
    const { container } = render(<Controlled />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Address' });
    await user.type(input, '0xabcdef12');
    // maxLength reached the input: the browser stops at six characters.
    expect(input.value).toBe('0xabcd');
    expect(changed).toHaveBeenLastCalledWith('0xabcd');
    expect(input.className).toBe('input mono');
    expect((container.firstElementChild as HTMLElement).className).toBe('field wide');
  });
});
