import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedByOf, FieldNotes } from './FieldNotes';

describe('describedByOf', () => {
  it.each([
    { error: 'Required.', hint: 'A name you choose.', expected: 'f-error f-hint' },
    { error: 'Required.', hint: undefined, expected: 'f-error' },
    { error: undefined, hint: 'A name you choose.', expected: 'f-hint' },
    { error: undefined, hint: undefined, expected: undefined },
    { error: '', hint: '', expected: undefined },
  ])('names error $error and hint $hint as $expected', ({ error, hint, expected }) => {
    expect(describedByOf('f', error, hint)).toBe(expected);
  });
});

describe('FieldNotes', () => {
  it('renders the error then the hint under the ids describedByOf names', () => {
    const { container } = render(<FieldNotes id="f" error="Required." hint="A name you choose." />);
    const notes = [...container.querySelectorAll('span')].map((note) => ({ id: note.id, text: note.textContent }));
    expect(notes).toEqual([
      { id: 'f-error', text: 'Required.' },
      { id: 'f-hint', text: 'A name you choose.' },
    ]);
    for (const id of describedByOf('f', 'Required.', 'A name you choose.')!.split(' ')) expect(document.getElementById(id)).not.toBeNull();
  });

  it('renders several problems as lines under one id, announced when asked', () => {
    const { container, getByRole } = render(<FieldNotes id="f" error={['Too long.', 'Not hex.']} announce />);
    expect(getByRole('alert').id).toBe('f-error');
    expect([...container.querySelectorAll('p.field-error')].map((line) => line.textContent)).toEqual(['Too long.', 'Not hex.']);
    expect(describedByOf('f', ['Too long.'], undefined)).toBe('f-error');
    expect(describedByOf('f', [], undefined)).toBeUndefined();
  });

  it('renders nothing without an error or a hint', () => {
    const { container } = render(<FieldNotes id="f" />);
    expect(container.innerHTML).toBe('');
  });
});
