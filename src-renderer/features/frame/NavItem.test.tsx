import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { InMemoryRouter } from '../../testing/InMemoryRouter';
import { countOf } from '../../../src-shared/text/countOf';
import { NavItem } from './NavItem';

function renderGas(count: number, collapsed = false) {
  const location = memoryLocation({ path: '/explorer', record: true });
  const { container, unmount } = render(
    <InMemoryRouter location={location}>
      <NavItem to="/gas" icon="gas" label="Gas" collapsed={collapsed} badge={{ count, words: countOf(count, 'new alert') }} />
    </InMemoryRouter>,
  );
  return Object.assign(within(container).getByRole('link'), { unmount });
}

/** Words of a text as WCAG 2.5.3 (label in name) compares them: letters and digits, lower case, asides left out. */
const words = (text: string) =>
  text
    .replace(/\([^()]*\)/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether `part` is a run of consecutive words of `whole`. */
const runOf = (part: string[], whole: string[]) => whole.some((_, at) => part.every((word, k) => whole[at + k] === word));

describe('NavItem', () => {
  it('names a count the way it is shown: the label, then the figure, then what it counts', () => {
    const link = renderGas(1);
    expect(link.getAttribute('aria-label')).toBe('Gas, 1 new alert');
    // What a person sees, the badge included (it is hidden from the reader only because the name says it).
    expect(link.textContent).toBe('Gas 1');
  });

  it('past 99 shows 99+, and the name says both that and how many', () => {
    const link = renderGas(120);
    expect(link.textContent).toBe('Gas 99+');
    expect(link.getAttribute('aria-label')).toBe('Gas, 99+ (120 new alerts)');
  });

  it('has every word it shows in its name, in the order shown, whatever the count and width', () => {
    for (const collapsed of [false, true]) {
      for (const count of [1, 2, 9, 10, 99, 100, 1000]) {
        const link = renderGas(count, collapsed);
        // Collapsed, the label is hidden by the sidebar's style; the badge and the name stay.
        const shown = collapsed ? link.querySelector('.nav-badge')!.textContent! : link.textContent!;
        expect(runOf(words(shown), words(link.getAttribute('aria-label')!)), `${shown} in ${link.getAttribute('aria-label')}`).toBe(true);
        link.unmount();
      }
    }
  });

  it('without a count is named by its label alone', () => {
    const link = renderGas(0);
    expect(link.getAttribute('aria-label')).toBeNull();
    expect(link.textContent).toBe('Gas');
  });
});
