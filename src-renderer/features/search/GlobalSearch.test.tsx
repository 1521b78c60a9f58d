import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useUiStore } from '../../state/useUiStore';
import { renderWithApp } from '../../testing/renderWithApp';
import { GlobalSearch } from './GlobalSearch';

const HASH = '0x' + '9964d123'.repeat(8);

function renderSearch() {
  const user = userEvent.setup();
  const result = renderWithApp(<GlobalSearch />, { path: '/explorer' });
  const box = screen.getByRole('searchbox', { name: 'Search' });
  // The live region under the box: it is in the page before anything is typed, so its changes are announced.
  const live = result.container.querySelector('[aria-live="polite"]') as HTMLElement;
  return { user, box, live, history: result.history };
}

describe('GlobalSearch', () => {
  afterEach(() => act(() => useUiStore.getState().setSearchDraft('')));

  it('says in a polite live region what the text looks like while it is typed', async () => {
    const { user, box, live } = renderSearch();
    expect(live).not.toBeNull();
    expect(screen.getByRole('status')).toBe(live);
    expect(live.textContent).toBe('');
    await user.click(box);
    await user.keyboard(HASH.slice(0, -3));
    expect(live.textContent).toContain('3 characters short of a hash');
    await user.keyboard('abc');
    expect(live.textContent).toContain('Looks like a transaction hash');
    expect(live.textContent).toContain(`/explorer/tx/${HASH.slice(0, -3)}abc`);
    await user.clear(box);
    await user.keyboard('0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226612');
    expect(live.textContent).toContain('2 characters too many for an address');
    await user.clear(box);
    await user.keyboard('1234');
    expect(live.textContent).toContain('Looks like a block number: block 1,234');
    // The words describe the box: its description points at them.
    expect(box.getAttribute('aria-describedby')).toBe(live.querySelector('p')?.id);
  });

  it('opens a hash pasted with a space and a line break inside it', async () => {
    const { user, box, history } = renderSearch();
    await user.click(box);
    await user.paste(`${HASH.slice(0, 20)} ${HASH.slice(20, 40)}\n${HASH.slice(40)}`);
    expect(screen.getByText('Looks like a transaction hash (or a block hash)')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(history.at(-1)).toBe(`/explorer/tx/${HASH}`);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after Enter on text that names nothing, says why in an alert instead of the hint', async () => {
    const { user, box, live, history } = renderSearch();
    await user.click(box);
    await user.keyboard('0x12zz{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('“z” is not a hex digit; hashes and addresses use only 0-9 and a-f.');
    expect(live.textContent).toBe('');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(history).toEqual(['/explorer']);
  });
});
