// Read by the page's first script (main.ts): kept small, it is in the script that blocks the first frame's paint.

/** A key pressed while a first frame was up (app/firstFrame.ts), before the app had started; pressed again after. */
export interface HeldKey {
  kind: 'key';
  key: string;
  code: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** A click on a first frame (the main button, no modifier), where it was in the window and how far it was scrolled. */
export interface HeldClick {
  kind: 'click';
  x: number;
  y: number;
  scrollX: number;
  scrollY: number;
}

export type HeldInput = HeldKey | HeldClick;

/** More than this many keys and clicks before the app has started is someone leaning on them: the rest are not kept. */
export const HELD_INPUT_AT_MOST = 200;

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'OS']);

type Target = Pick<Window, 'addEventListener' | 'removeEventListener' | 'scrollX' | 'scrollY'>;

/**
 * Shows in a first frame's search box what the keys kept will type into the app's (the frame cannot take the focus:
 * it is inert). `/` or Ctrl/Cmd+K (the app's shortcuts), or a click on the box, starts it, as they focus the app's;
 * the text typed then shows as it is typed, Backspace included; any other key or click ends it, the text staying.
 * The frame is drawn by the app's own components, so the box is the app's search field (features/search).
 */
function echoOnFrame(root: Element): (input: HeldInput) => void {
  let field: HTMLInputElement | null | undefined;
  return (input) => {
    const search = root.querySelector<HTMLInputElement>('input[type=search]');
    if (input.kind === 'click') {
      const box = search?.getBoundingClientRect();
      field = box && input.x >= box.left && input.x <= box.right && input.y >= box.top && input.y <= box.bottom ? search : undefined;
      return;
    }
    const { key, ctrlKey, metaKey, altKey } = input;
    const shortcut = ctrlKey || metaKey || altKey;
    if ((key === '/' && !shortcut && !field) || ((ctrlKey || metaKey) && !altKey && key.toLowerCase() === 'k')) {
      field = search;
      if (field) field.value = ''; // the app's selects what is there, so the next key replaces it
    } else if (field && !shortcut && [...key].length === 1) field.value += key;
    else if (field && key === 'Backspace') field.value = field.value.slice(0, -1);
    else field = undefined;
  };
}

/**
 * Keeps the keys pressed and the clicks made while `root` is inert (a first frame, drawn by the shell, is shown and
 * the app has not taken it over yet: nothing in it can take them). Someone who presses `/` and types a block number,
 * or clicks a tab, as soon as the page appears gets that once the app has started (app/replayHeldInput.ts), not
 * nothing; what they type into the search box shows in the frame's meanwhile. A click at the same place as the one
 * before it is kept once (clicking again a page that did not answer).
 * Returns what stops keeping them and hands them over; later calls hand over nothing.
 */
export function holdInputWhileInert(root: Element, target: Target): () => HeldInput[] {
  let held: HeldInput[] | undefined = [];
  const echo = echoOnFrame(root);
  const keep = (input: HeldInput) => {
    if (held && root.hasAttribute('inert') && held.length < HELD_INPUT_AT_MOST) {
      held.push(input);
      echo(input);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (MODIFIERS.has(event.key) || event.isComposing) return;
    const { key, code, ctrlKey, shiftKey, altKey, metaKey } = event;
    keep({ kind: 'key', key, code, ctrlKey, shiftKey, altKey, metaKey });
  };
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.shiftKey || event.altKey || event.metaKey) return;
    const click: HeldClick = { kind: 'click', x: event.clientX, y: event.clientY, scrollX: target.scrollX, scrollY: target.scrollY };
    const last = held?.at(-1);
    if (last?.kind === 'click' && last.x === click.x && last.y === click.y && last.scrollX === click.scrollX && last.scrollY === click.scrollY) return;
    keep(click);
  };
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('click', onClick, true);
  return () => {
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('click', onClick, true);
    const inputs = held ?? [];
    held = undefined;
    return inputs;
  };
}
