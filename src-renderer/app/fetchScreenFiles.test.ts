// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { fetchScreenFilesAhead, SCREEN_FILES_ID, screenFilesOf } from './fetchScreenFiles';

function nameFiles(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SCREEN_FILES_ID;
  element.textContent = text;
  document.head.appendChild(element);
}

const links = () => Array.from(document.head.querySelectorAll('link'), (link) => ({ rel: link.rel, as: link.getAttribute('as'), crossOrigin: link.getAttribute('crossorigin'), href: link.getAttribute('href') }));

afterEach(() => {
  document.head.replaceChildren();
});

describe("the screens' files named in the page", () => {
  it('reads the list the build writes, and nothing from a page that names none or names them wrongly', () => {
    expect(screenFilesOf(document)).toEqual([]);
    nameFiles('["/assets/LogsPage-a1.js","/assets/LogsPage-b2.css"]');
    expect(screenFilesOf(document)).toEqual(['/assets/LogsPage-a1.js', '/assets/LogsPage-b2.css']);
    document.head.replaceChildren();
    nameFiles('["/assets/a.js", 7, "elsewhere.js", null]');
    expect(screenFilesOf(document)).toEqual(['/assets/a.js']); // only paths from the page's root
    document.head.replaceChildren();
    nameFiles('{"not": "a list"');
    expect(screenFilesOf(document)).toEqual([]);
  });
});

describe('fetching the screens’ files ahead', () => {
  it('asks for scripts as module preloads and stylesheets as preloads, in the bundler’s cross-origin mode, each once', () => {
    const start = document.createElement('link');
    start.rel = 'modulepreload';
    start.href = '/assets/start-x.js';
    document.head.appendChild(start);
    nameFiles('["/assets/start-x.js","/assets/LogsPage-a1.js","/assets/LogsPage-b2.css"]');

    expect(fetchScreenFilesAhead(document)).toBe(2);
    expect(links()).toEqual([
      { rel: 'modulepreload', as: null, crossOrigin: null, href: '/assets/start-x.js' }, // the page's own, not asked again
      { rel: 'modulepreload', as: null, crossOrigin: '', href: '/assets/LogsPage-a1.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/LogsPage-b2.css' },
    ]);
    expect(fetchScreenFilesAhead(document)).toBe(0); // asked again: every file has its link
    expect(links()).toHaveLength(3);
  });

  it('asks nothing in a page that names no files (the dev server’s)', () => {
    expect(fetchScreenFilesAhead(document)).toBe(0);
    expect(links()).toEqual([]);
  });
});
