import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SecretField } from './SecretField';

const SECRET = 'sk_live_5ecret-Key-9f2c';

function renderSecret(props: Partial<Parameters<typeof SecretField>[0]> = {}) {
  const inputRef = createRef<HTMLInputElement>();
  const result = render(<SecretField label="API key" name="apiKey" inputRef={inputRef} {...props} />);
  // A password box has no role; it is found by its label.
  const input = screen.getByLabelText<HTMLInputElement>('API key');
  return { ...result, inputRef, input };
}

describe('SecretField', () => {
  it('hides what is typed until shown, and hides it again', async () => {
    const user = userEvent.setup();
    const { input } = renderSecret();
    expect(input.type).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('off');
    const toggle = screen.getByRole('button', { name: 'Show api key' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.type(input, SECRET);
    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide api key' }).getAttribute('aria-pressed')).toBe('true');
    // Showing it keeps what was typed.
    expect(input.value).toBe(SECRET);
    await user.click(screen.getByRole('button', { name: 'Hide api key' }));
    expect(input.type).toBe('password');
    expect(input.value).toBe(SECRET);
  });

  it('keeps the secret in the input alone: the ref and the form read it, the markup never holds it', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn<(key: FormDataEntryValue | null) => void>();
    const inputRef = createRef<HTMLInputElement>();
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted(new FormData(event.currentTarget).get('apiKey'));
        }}
      >
        <SecretField label="API key" name="apiKey" inputRef={inputRef} />
        <button type="submit">Save</button>
      </form>,
    );
    await user.type(screen.getByLabelText('API key'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Show api key' }));
    expect(inputRef.current?.value).toBe(SECRET);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toHaveBeenCalledWith(SECRET);
    // Uncontrolled: React never writes it into an attribute or text, so nothing that reads the page's markup sees it.
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
  });

  it('shows its error, is marked invalid, and reads the error before the hint', () => {
    const { input } = renderSecret({ hint: 'Kept in the system keychain.', error: 'The key was refused: 401.' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['The key was refused: 401.', 'Kept in the system keychain.']);
  });

  it('is not marked invalid without an error, and takes required and autoFocus', () => {
    const { input } = renderSecret({ required: true, autoFocus: true });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(input.required).toBe(true);
    expect(document.activeElement).toBe(input);
  });
});
