/** The element in the page's head that lists every file a screen loads on demand (electron.vite.config.ts writes it). */
export const SCREEN_FILES_ID = 'screen-files';

/** The screens' files the page names: none in a page that names none (the dev server's) or names them wrongly. */
export function screenFilesOf(doc: Document): string[] {
  const text = doc.getElementById(SCREEN_FILES_ID)?.textContent;
  if (!text) return [];
  try {
    const files: unknown = JSON.parse(text);
    return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && file.startsWith('/')) : [];
  } catch {
    return [];
  }
}

/**
 * Asks for every screen's script and stylesheet at once, to be fetched and compiled beside the page: scripts as
 * module preloads (the browser fetches and compiles them off the window's main thread and runs none), stylesheets as
 * preloads (fetched, not applied). The screens' preload (preloadScreens.ts) then runs, one screen per idle moment,
 * scripts already here. The links carry the same cross-origin mode as the bundler's own, so its import finds them
 * (and adds no second link for a script). Asked once: a file already named by a link is not asked again.
 */
export function fetchScreenFilesAhead(doc: Document = document): number {
  const named = new Set(Array.from(doc.querySelectorAll<HTMLLinkElement>('link[href]'), (link) => new URL(link.href, doc.baseURI).pathname));
  let asked = 0;
  for (const file of screenFilesOf(doc)) {
    if (named.has(file)) continue;
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else {
      link.rel = 'modulepreload';
    }
    link.crossOrigin = '';
    link.href = file;
    doc.head.appendChild(link);
    named.add(file);
    asked += 1;
  }
  return asked;
}
