import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GAS_TERMS } from './gasTerms';
import { Term } from './Term';

describe('a term explained', () => {
  it('is reached with the keyboard and described by its meaning, shown as a tooltip', async () => {
    const user = userEvent.setup();
    render(
      <p>
        <Term explain={GAS_TERMS.blobBaseFee}>Blob base fee</Term>
      </p>,
    );
    await user.tab();
    const word = screen.getByText('Blob base fee');
    expect(document.activeElement).toBe(word);
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(word.getAttribute('aria-describedby')).toBe(tip.id);
    expect(tip.textContent).toBe(GAS_TERMS.blobBaseFee);
  });

  it('is hidden with Escape until the word is left', async () => {
    const user = userEvent.setup();
    const { container } = render(<Term explain="Meaning.">Word</Term>);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(container.querySelector('.term')!.getAttribute('data-hidden')).toBe('true');
    await user.tab();
    expect(container.querySelector('.term')!.hasAttribute('data-hidden')).toBe(false);
  });
});
