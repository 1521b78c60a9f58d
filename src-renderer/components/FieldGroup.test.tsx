import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldGroup } from './FieldGroup';
import { TextField } from './TextField';

describe('FieldGroup', () => {
  it('is a group named by its legend, each field inside with its own error beside it', () => {
    render(
      <FieldGroup legend="Fees">
        <TextField label="Gas price (wei)" error="Give a gas price or the EIP-1559 fees, not both." />
        <TextField label="Max fee per gas (wei)" />
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Fees' });
    expect(group.className).toBe('field-group');
    expect(group.hasAttribute('aria-describedby')).toBe(false);
    expect(within(group).getByRole('textbox', { name: 'Gas price (wei)', description: 'Give a gas price or the EIP-1559 fees, not both.' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(group).getByRole('textbox', { name: 'Max fee per gas (wei)' }).hasAttribute('aria-invalid')).toBe(false);
  });

  it('is described by its own error and hint, and takes its own look in place of the plain one', () => {
    render(
      <FieldGroup legend="Topics by position" hint="Empty matches anything." error="Topic 1 is not 32 bytes." className="logs-topics">
        <TextField label="Topic 0" />
      </FieldGroup>,
    );
    const group = screen.getByRole('group', { name: 'Topics by position', description: 'Topic 1 is not 32 bytes. Empty matches anything.' });
    expect(group.className).toBe('logs-topics');
  });
});
