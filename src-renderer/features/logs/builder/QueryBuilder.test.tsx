import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/renderWithApp';
import { EMPTY_FORM, type BuilderForm } from './builderForm';
import { QueryBuilder, type FieldProblem } from './QueryBuilder';

const PROBLEMS: FieldProblem[] = [
  { field: 'addresses', message: 'Address 1, "0x12", is not an address: 0x and 40 hex digits.' },
  { field: 'addresses', message: 'Address 2, "0x34", is not an address: 0x and 40 hex digits.' },
  { field: 'topics', index: 1, message: 'Topic 1 is 0x followed by 64 hex digits.' },
  { field: 'fromBlock', message: 'From block is a number or a tag.' },
];

function Builder({ problems = [] }: { problems?: FieldProblem[] }) {
  const [form, setForm] = useState<BuilderForm>(EMPTY_FORM);
  return <QueryBuilder networkId="local" form={form} onChange={setForm} problems={problems} choice={undefined} onChoose={() => {}} indexedValues={[]} onIndexedValues={() => {}} />;
}

describe('QueryBuilder', () => {
  it('says each problem at its own field: several at one field, one at a topic of the group, none elsewhere', () => {
    renderWithApp(<Builder problems={PROBLEMS} />, { api: { methods: {} } });
    const addresses = screen.getByRole('textbox', { name: 'Contract addresses', description: `${PROBLEMS[0]!.message} ${PROBLEMS[1]!.message}` });
    expect(addresses.getAttribute('aria-invalid')).toBe('true');
    const topics = screen.getByRole('group', { name: 'Topics by position (one value per line matches any of them; empty matches anything)' });
    expect(within(topics).getByRole('textbox', { name: 'Topic 1', description: PROBLEMS[2]!.message }).getAttribute('aria-invalid')).toBe('true');
    expect(within(topics).getByRole('textbox', { name: 'Topic 0 (event signature hash)' }).hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'From block', description: PROBLEMS[3]!.message }).getAttribute('aria-invalid')).toBe('true');
    for (const name of ['To block', 'Or one block by hash']) expect(screen.getByRole('textbox', { name }).hasAttribute('aria-describedby'), name).toBe(false);
  });

  it('is typed into field by field, each named by its label', async () => {
    const user = userEvent.setup();
    renderWithApp(<Builder />, { api: { methods: {} } });
    await user.type(screen.getByLabelText('Topic 2'), '0xabc');
    await user.type(screen.getByLabelText('To block'), '12');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Topic 2').value).toBe('0xabc');
    expect(screen.getByLabelText<HTMLInputElement>('To block').value).toBe('12');
    expect(screen.getByRole('combobox', { name: 'Event (by name)' })).toBeTruthy();
  });
});
