import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GlobalSearch } from '../features/search/GlobalSearch';
import { useUiStore } from '../state/useUiStore';
import { renderWithApp } from '../testing/renderWithApp';
import { HELD_KEYS_AT_MOST, holdKeysWhileInert, type HeldKey } from './heldKeys';
import { pressAgain } from './pressAgain';

/** Presses keys on the window as a person would (key down, then up), by their `key` values. */
function press(...keys: string[]): void {
  for (const key of keys) {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    window.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
  }
}

const held = (key: string): HeldKey => ({ key, code: '', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false });

/** A first frame's root: inert until the app has taken it over. */
function frameRoot(): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('inert', '');
  document.body.append(root);
  return root;
}

describe('holdKeysWhileInert', () => {
  afterEach(() => document.body.replaceChildren());

  it('keeps the keys pressed while the frame is inert, in order, without the modifiers alone', () => {
    const root = frameRoot();
    const take = holdKeysWhileInert(root, window);
    press('/', 'Shift', '1', '7', '1', 'Enter');
    root.removeAttribute('inert');
    press('9'); // the app has the keyboard now: not kept
    expect(take().map(({ key }) => key)).toEqual(['/', '1', '7', '1', 'Enter']);
    expect(take()).toEqual([]); // handed over once
    press('8');
    expect(take()).toEqual([]); // and no longer listening
  });

  it(`keeps at most ${HELD_KEYS_AT_MOST} keys`, () => {
    const take = holdKeysWhileInert(frameRoot(), window);
    press(...Array.from({ length: HELD_KEYS_AT_MOST + 50 }, () => 'a'));
    expect(take()).toHaveLength(HELD_KEYS_AT_MOST);
  });
});

describe('pressAgain', () => {
  afterEach(() => act(() => useUiStore.getState().setSearchDraft('')));

  it('a slash, a block number and Enter pressed before the app started search for the block once it has', () => {
    const { history } = renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => pressAgain(['/', '1', '7', '1', 'Enter'].map(held), document));
    expect(history.at(-1)).toBe('/explorer/block/171');
  });

  it('Backspace deletes what was typed before it; Delete at the end deletes nothing', () => {
    renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => pressAgain(['/', '1', '7', '2', 'Backspace', '1', 'Delete'].map(held), document));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('171');
  });

  it('stops at a Tab: the keys after it would land where the person did not mean', () => {
    const { history } = renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => pressAgain(['/', '1', 'Tab', '7', 'Enter'].map(held), document));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('1');
    expect(history).toEqual(['/explorer']);
  });

  it('keys typed with nothing focused reach only the handlers: no text appears anywhere', () => {
    renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => pressAgain(['1', '7', '1'].map(held), document));
    expect(document.activeElement).toBe(document.body);
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });

  it('types at the end of a number field, which has no caret to read', () => {
    const input = document.createElement('input');
    input.type = 'number';
    input.value = '1';
    const typed: string[] = [];
    input.addEventListener('input', () => void typed.push(input.value));
    document.body.append(input);
    input.focus();
    pressAgain(['7', '1', 'Backspace'].map(held), document);
    expect(typed).toEqual(['17', '171', '17']);
    input.remove();
  });

  it('Enter on a focused button presses it', () => {
    const button = document.createElement('button');
    let pressed = 0;
    button.addEventListener('click', () => void (pressed += 1));
    document.body.append(button);
    button.focus();
    pressAgain([held('Enter'), held(' ')], document);
    expect(pressed).toBe(2);
    button.remove();
  });
});
