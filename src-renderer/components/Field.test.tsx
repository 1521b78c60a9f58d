import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

describe('Field', () => {
  it('names any control by its label and describes it by its error, then its hint', () => {
    render(
      <Field label="Network" error="Pick one." hint="Where the call goes.">
        {(control) => (
          <select {...control}>
            <option>Local</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Network', description: 'Pick one. Where the call goes.' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });

  it('says several problems each on its own line, all describing the control', () => {
    render(<Field label="Contract addresses" error={['Address 1 is not an address.', 'Address 2 has a bad checksum.']}>{(control) => <textarea {...control} />}</Field>);
    const box = screen.getByRole('textbox', { name: 'Contract addresses', description: 'Address 1 is not an address. Address 2 has a bad checksum.' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/Address \d/).map((line) => line.tagName)).toEqual(['P', 'P']);
  });

  it('treats an empty list of problems as none', () => {
    render(<Field label="From block" error={[]}>{(control) => <input {...control} />}</Field>);
    const input = screen.getByRole('textbox', { name: 'From block' });
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('announces an error that a submit brings, and only when asked to', () => {
    const { rerender } = render(<Field label="CID or path" error="Not a CID.">{(control) => <input {...control} />}</Field>);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<Field label="CID or path" error="Not a CID." announce>{(control) => <input {...control} />}</Field>);
    expect(screen.getByRole('alert').textContent).toBe('Not a CID.');
  });

  it('keeps a hidden label as the name, a given id, and what comes after the notes outside the description', () => {
    const { container } = render(
      <Field label="Name" labelHidden id="rename" hint="Shown in the list." after={<ul aria-label="Suggestions" />}>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name', description: 'Shown in the list.' });
    expect(input.id).toBe('rename');
    expect(container.querySelector('label')?.className).toBe('visually-hidden');
    expect(container.firstElementChild?.lastElementChild?.getAttribute('aria-label')).toBe('Suggestions');
  });
});
