// Read by the page's first script (main.ts): kept small, it is in the script that blocks the first frame's paint.

/** A key pressed while a first frame was up (app/firstFrame.ts), before the app had started; pressed again after. */
export interface HeldKey {
  key: string;
  code: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** More than this many keys before the app has started is someone leaning on the keyboard: the rest are not kept. */
export const HELD_KEYS_AT_MOST = 200;

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'OS']);

/**
 * Keeps the keys pressed while `root` is inert (a first frame, drawn by the shell, is shown and the app has not
 * taken it over yet: nothing in it can take the keyboard). Someone who presses `/` and types a block number as soon
 * as the page appears gets what they typed once the app has started (app/pressAgain.ts), not nothing. Returns what
 * stops keeping them and hands them over; later calls hand over nothing.
 */
export function holdKeysWhileInert(root: Element, target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => HeldKey[] {
  let held: HeldKey[] | undefined = [];
  const onKeyDown = (event: KeyboardEvent) => {
    if (!held || !root.hasAttribute('inert') || MODIFIERS.has(event.key) || event.isComposing) return;
    if (held.length >= HELD_KEYS_AT_MOST) return;
    const { key, code, ctrlKey, shiftKey, altKey, metaKey } = event;
    held.push({ key, code, ctrlKey, shiftKey, altKey, metaKey });
  };
  target.addEventListener('keydown', onKeyDown, true);
  return () => {
    target.removeEventListener('keydown', onKeyDown, true);
    const keys = held ?? [];
    held = undefined;
    return keys;
  };
}
