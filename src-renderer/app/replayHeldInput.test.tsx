import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GlobalSearch } from '../features/search/GlobalSearch';
import { useUiStore } from '../state/useUiStore';
import { renderWithApp } from '../testing/renderWithApp';
import { HELD_INPUT_AT_MOST, holdInputWhileInert, type HeldClick, type HeldKey } from './heldInput';
import { replayHeldInput } from './replayHeldInput';

/** Presses keys on the window as a person would (key down, then up), by their `key` values. */
function press(...keys: string[]): void {
  for (const key of keys) {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    window.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
  }
}

const held = (key: string): HeldKey => ({ kind: 'key', key, code: '', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false });

/** A first frame's root: inert until the app has taken it over. */
function frameRoot(): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('inert', '');
  document.body.append(root);
  return root;
}

describe('holdInputWhileInert', () => {
  afterEach(() => document.body.replaceChildren());

  it('keeps the keys pressed while the frame is inert, in order, without the modifiers alone', () => {
    const root = frameRoot();
    const take = holdInputWhileInert(root, window);
    press('/', 'Shift', '1', '7', '1', 'Enter');
    root.removeAttribute('inert');
    press('9'); // the app has the keyboard now: not kept
    expect(take().map((input) => (input.kind === 'key' ? input.key : 'click'))).toEqual(['/', '1', '7', '1', 'Enter']);
    expect(take()).toEqual([]); // handed over once
    press('8');
    expect(take()).toEqual([]); // and no longer listening
  });

  it('keeps a click of the main button without modifiers, once where it is repeated on the same spot', () => {
    const root = frameRoot();
    const take = holdInputWhileInert(root, window);
    const click = (init: MouseEventInit) => window.dispatchEvent(new MouseEvent('click', { bubbles: true, ...init }));
    click({ clientX: 10, clientY: 20 });
    click({ clientX: 10, clientY: 20 }); // again, on a page that did not answer
    click({ clientX: 10, clientY: 20, ctrlKey: true }); // a new tab's click: the browser's
    click({ clientX: 10, clientY: 20, button: 1 });
    press('a');
    click({ clientX: 10, clientY: 20 });
    expect(take()).toEqual([
      { kind: 'click', x: 10, y: 20, scrollX: 0, scrollY: 0 },
      { kind: 'key', key: 'a', code: '', ctrlKey: false, shiftKey: false, altKey: false, metaKey: false },
      { kind: 'click', x: 10, y: 20, scrollX: 0, scrollY: 0 },
    ]);
  });

  it("shows in the frame's search box what is typed after / or Ctrl+K, or a click on the box, until another key or click", () => {
    // The frame is the app's own markup, drawn once and left without React, as the shell's is.
    const { container, unmount } = renderWithApp(<GlobalSearch />, { path: '/explorer' });
    const markup = container.innerHTML;
    unmount();
    const root = frameRoot();
    root.innerHTML = markup;
    const box = within(root).getByRole<HTMLInputElement>('searchbox', { name: 'Search' });
    // jsdom lays nothing out: the box is given the place a window would give it.
    box.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 10, width: 300, height: 30 });
    const click = (x: number, y: number) => window.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
    holdInputWhileInert(root, window);

    press('1'); // nothing would have the focus: typed nowhere
    expect(box.value).toBe('');
    press('/', '1', '7', '2', 'Backspace', '1', '/'); // the second slash is text
    expect(box.value).toBe('171/');
    press('Escape', '9');
    expect(box.value).toBe('171/');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true }));
    press('4', '2');
    expect(box.value).toBe('42');
    click(600, 300);
    press('5');
    expect(box.value).toBe('42');
    click(250, 25);
    press('0');
    expect(box.value).toBe('420');
    root.removeAttribute('inert'); // taken over: the app's own box takes the keys
    press('7');
    expect(box.value).toBe('420');
  });

  it(`keeps at most ${HELD_INPUT_AT_MOST} keys and clicks`, () => {
    const take = holdInputWhileInert(frameRoot(), window);
    press(...Array.from({ length: HELD_INPUT_AT_MOST + 50 }, () => 'a'));
    expect(take()).toHaveLength(HELD_INPUT_AT_MOST);
  });
});

describe('replayHeldInput', () => {
  afterEach(() => act(() => useUiStore.getState().setSearchDraft('')));

  it('a slash, a block number and Enter pressed before the app started search for the block once it has', () => {
    const { history } = renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => replayHeldInput(['/', '1', '7', '1', 'Enter'].map(held), document));
    expect(history.at(-1)).toBe('/explorer/block/171');
  });

  it('Backspace deletes what was typed before it; Delete at the end deletes nothing', () => {
    renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => replayHeldInput(['/', '1', '7', '2', 'Backspace', '1', 'Delete'].map(held), document));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('171');
  });

  it('stops at a Tab: the keys after it would land where the person did not mean', () => {
    const { history } = renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => replayHeldInput(['/', '1', 'Tab', '7', 'Enter'].map(held), document));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('1');
    expect(history).toEqual(['/explorer']);
  });

  it('keys typed with nothing focused reach only the handlers: no text appears anywhere', () => {
    renderWithApp(<GlobalSearch />, { path: '/explorer' });
    act(() => replayHeldInput(['1', '7', '1'].map(held), document));
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
    replayHeldInput(['7', '1', 'Backspace'].map(held), document);
    expect(typed).toEqual(['17', '171', '17']);
    input.remove();
  });

  it('stops at a click made on the page scrolled elsewhere than it is now: the keys after it are not pressed', () => {
    renderWithApp(<GlobalSearch />, { path: '/explorer' });
    const elsewhere: HeldClick = { kind: 'click', x: 10, y: 20, scrollX: 0, scrollY: 500 };
    act(() => replayHeldInput([held('/'), held('1'), elsewhere, held('7')], document));
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('1');
  });

  it('Enter on a focused button presses it', () => {
    const button = document.createElement('button');
    let pressed = 0;
    button.addEventListener('click', () => void (pressed += 1));
    document.body.append(button);
    button.focus();
    replayHeldInput([held('Enter'), held(' ')], document);
    expect(pressed).toBe(2);
    button.remove();
  });
});
