// jsdom has the `<dialog>` element but none of its behaviour: no showModal(), no close(), no Escape, no focus
// rules. The confirm dialog leans on all of them, so they are added here as the HTML standard says and as
// Chromium (the app's engine) does; a test then sees what a person would. Not modelled: the inert page behind a
// modal dialog, and the top layer's painting.

const modalStack: HTMLDialogElement[] = [];
const focusedBefore = new WeakMap<HTMLDialogElement, Element | null>();

// Sequentially focusable: what Tab reaches, which is what the dialog focusing steps look for.
const TABBABLE = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The dialog focusing steps: the dialog if it has `autofocus`, else its first `autofocus` descendant, else its first tabbable one, else itself. */
function focusInside(dialog: HTMLDialogElement): void {
  const target = dialog.hasAttribute('autofocus') ? dialog : (dialog.querySelector<HTMLElement>('[autofocus]') ?? dialog.querySelector<HTMLElement>(TABBABLE) ?? dialog);
  target.focus();
}

/** Adds `<dialog>`'s showModal(), show(), close(), Escape and focus behaviour to jsdom (once per window). */
export function installDialogStub(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { blockglassStub?: true };
  if (proto.blockglassStub) return;
  proto.blockglassStub = true;

  // Inside a closed dialog nothing is rendered (`display: none`), and an element that is not rendered cannot
  // take focus: Chromium ignores focus() there. jsdom does no layout, so it would focus it.
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
    if (this.closest('dialog:not([open])')) return;
    focus.call(this, options);
  };

  proto.showModal = function (this: HTMLDialogElement) {
    if (this.open) {
      if (modalStack.includes(this)) return;
      throw new DOMException('The dialog is already open as a non-modal dialog.', 'InvalidStateError');
    }
    if (!this.isConnected) throw new DOMException('The dialog is not in a document.', 'InvalidStateError');
    focusedBefore.set(this, this.ownerDocument.activeElement);
    this.setAttribute('open', '');
    modalStack.push(this);
    focusInside(this);
  };

  proto.show = function (this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    focusInside(this);
  };

  proto.close = function (this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    if (returnValue !== undefined) this.returnValue = returnValue;
    const index = modalStack.indexOf(this);
    if (index >= 0) {
      modalStack.splice(index, 1);
      // A modal dialog gives focus back to what had it when it opened.
      const previous = focusedBefore.get(this);
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    }
    focusedBefore.delete(this);
    // The standard queues `close` as a task.
    setTimeout(() => this.dispatchEvent(new Event('close')));
  };

  // Escape is a close request to the topmost modal dialog: a cancelable `cancel` event, then close() unless
  // it was cancelled (the confirm dialog cancels it and lets its owner decide).
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = modalStack.filter((dialog) => dialog.isConnected).at(-1);
    if (!top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}

/** Forgets modal dialogs that were removed from the document without being closed (a test's unmount). */
export function forgetRemovedDialogs(): void {
  for (let index = modalStack.length - 1; index >= 0; index -= 1) {
    if (!modalStack[index]!.isConnected) modalStack.splice(index, 1);
  }
}
