// jsdom does no layout: every box is 0×0, nothing scrolls, so a virtual list shows no rows and a page of a
// table is no rows long. Here a box is as tall as its inline `height` says, or, for a scroll box, its inline
// `max-height` (and as wide as its inline `width` or `max-width`), else 0: a test sizes a box through the
// props that size it in the app (the data table's `maxHeight`). Its content is as tall as its children added
// up: each child's inline height (the virtual table's body says its full height), else its offsetHeight (0 in
// jsdom; a test that needs a box sized only by a stylesheet, such as the table's header, stubs that). scrollTo()
// moves the scroll position and fires `scroll` at the next frame, as a browser does.

function px(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)px\s*$/.exec(value);
  return match ? Number(match[1]) : 0;
}

/** Gives jsdom's elements sizes from their inline styles and a working scrollTo() (once per window). */
export function installLayoutStub(): void {
  const proto = HTMLElement.prototype as HTMLElement & { blockglassLayoutStub?: true };
  if (proto.blockglassLayoutStub) return;
  proto.blockglassLayoutStub = true;

  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return px(this.style.height) || px(this.style.maxHeight);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return px(this.style.width) || px(this.style.maxWidth);
    },
  });

  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      let content = 0;
      for (const child of this.children) if (child instanceof HTMLElement) content += px(child.style.height) || child.offsetHeight;
      return Math.max(this.clientHeight, content);
    },
  });

  Element.prototype.scrollTo = function (this: Element, first?: ScrollToOptions | number, second?: number) {
    const options: ScrollToOptions = typeof first === 'object' ? first : { left: first, top: second };
    if (options.top !== undefined) this.scrollTop = Math.max(0, options.top);
    if (options.left !== undefined) this.scrollLeft = Math.max(0, options.left);
    requestAnimationFrame(() => this.dispatchEvent(new Event('scroll')));
  };
}
