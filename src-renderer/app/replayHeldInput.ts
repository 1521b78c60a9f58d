import type { HeldClick, HeldInput, HeldKey } from './heldInput';

/** Input types whose text a key edits (the others, a checkbox or a date, have no caret to type at). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

type TextField = HTMLInputElement | HTMLTextAreaElement;

function textFieldOf(element: Element | null): TextField | undefined {
  if (!element || !('readOnly' in element) || (element as TextField).readOnly || (element as TextField).disabled) return undefined;
  if (element.tagName === 'TEXTAREA') return element as HTMLTextAreaElement;
  if (element.tagName === 'INPUT' && TEXT_INPUT_TYPES.has((element as HTMLInputElement).type)) return element as HTMLInputElement;
  return undefined;
}

/** A key that types its own text: one character, no shortcut modifier held. */
function typedText(held: HeldKey): string | undefined {
  if (held.ctrlKey || held.metaKey || held.altKey) return undefined;
  return [...held.key].length === 1 ? held.key : undefined;
}

/** Replaces the field's selection (or inserts at its caret) with `text`, as typing does, and says so to the page. */
function edit(field: TextField, text: string, direction: 'back' | 'forward' | 'none'): void {
  let start = field.selectionStart;
  let end = field.selectionEnd;
  if (start === null || end === null) {
    // A number input has no caret to read: what is typed goes at its end. Set through the prototype's setter, not
    // the element's own (React's, which would take the change as its own and not report it).
    const value = direction === 'none' ? field.value + text : direction === 'back' ? field.value.slice(0, -1) : field.value;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  } else {
    if (start === end && direction === 'back') start = Math.max(0, start - 1);
    if (start === end && direction === 'forward') end = Math.min(field.value.length, end + 1);
    // setRangeText changes the value without its setter: React sees the new value on the input event below.
    field.setRangeText(text, start, end, 'end');
  }
  const inputType = direction === 'none' ? 'insertText' : direction === 'back' ? 'deleteContentBackward' : 'deleteContentForward';
  field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType, data: direction === 'none' ? text : null }));
}

/**
 * What the browser would have done with the key had nobody handled it, where that is something it can be asked to do:
 * typing into a text field, deleting, Enter submitting a field's form or activating a link or a button. False for a
 * key whose effect cannot be had this way (Tab moving the focus): the keys after it would land in the wrong place.
 */
function doWhatTheKeyDoes(target: Element, held: HeldKey): boolean {
  const field = textFieldOf(target);
  const text = typedText(held);
  if (field) {
    if (text !== undefined) edit(field, text, 'none');
    else if (held.key === 'Backspace') edit(field, '', 'back');
    else if (held.key === 'Delete') edit(field, '', 'forward');
    else if (held.key === 'Enter') {
      if (field.tagName === 'TEXTAREA') edit(field, '\n', 'none');
      else field.form?.requestSubmit();
    } else if (held.key === 'Tab') return false;
    return true;
  }
  if (held.key === 'Tab') return false;
  if ((held.key === 'Enter' && target.matches('a[href], button')) || (held.key === ' ' && target.matches('button'))) (target as HTMLElement).click();
  return true;
}

/** What a click lands on that it does something to: the control at that point, if any. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, label, [role=button], [role=link], [role=tab], [tabindex]';

/**
 * Clicks again where the person clicked, on what the app has drawn there (the same page the frame showed, drawn from
 * the same reads): a link or a button is clicked, a field focused; a click on nothing in particular takes the focus
 * away, as it does. False when the window has scrolled since (the point is no longer on what was clicked).
 */
function clickAgain(click: HeldClick, document: Document): boolean {
  const view = document.defaultView;
  if (!view || view.scrollX !== click.scrollX || view.scrollY !== click.scrollY) return false;
  const control = document.elementFromPoint(click.x, click.y)?.closest<HTMLElement>(CONTROLS);
  if (!control) {
    if (document.activeElement instanceof view.HTMLElement) document.activeElement.blur();
    return true;
  }
  control.focus();
  if (!textFieldOf(control) && control.tagName !== 'SELECT') control.click();
  return true;
}

/** Presses one key again (see {@link replayHeldInput}); false when the keys after it should not be. */
function pressAgain(held: HeldKey, document: Document): boolean {
  const target = document.activeElement ?? document.body;
  const init: KeyboardEventInit = { ...held, bubbles: true, cancelable: true, composed: true };
  const unhandled = target.dispatchEvent(new KeyboardEvent('keydown', init));
  const carriedOn = !unhandled || doWhatTheKeyDoes(target, held);
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  return carriedOn;
}

/**
 * Does again, in order, what the person did while the first frame was up (app/heldInput.ts), now that the app has
 * taken it over. A key goes to whatever has the focus, as a key down the app's handlers see (`/` focuses the search
 * box), then, where none of them took it, does what the key does (the digits typed into that box, Enter searching).
 * A click is made again at its point. Stops at what it cannot reproduce (a Tab, a click on a page scrolled since):
 * what came after would land somewhere the person did not mean.
 */
export function replayHeldInput(inputs: readonly HeldInput[], document: Document): void {
  for (const input of inputs) {
    const carriedOn = input.kind === 'click' ? clickAgain(input, document) : pressAgain(input, document);
    if (!carriedOn) return;
  }
}
