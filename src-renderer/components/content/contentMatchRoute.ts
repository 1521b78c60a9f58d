import type { ContentNameMatch } from '../../../src-shared/content/contentTypes';
import { contentRoute } from '../../../src-shared/content/contentPath';

/** Where a match opens: its root CID and the path under it, the root under the name it goes by. */
export function contentMatchRoute(match: ContentNameMatch): string {
  return contentRoute(match.rootCid, match.path === '' ? [] : match.path.split('/'), match.rootName || undefined);
}

/** Where a name came from, in words: "added", "in field-notes", "named here", "opened by this name", "the store's pin name". */
export function matchSourceWords(match: ContentNameMatch): string {
  switch (match.source) {
    case 'added':
      return 'added';
    case 'in-folder':
      return match.rootName ? `in ${match.rootName}, added` : 'in an added folder, added';
    case 'named':
      return 'named here';
    case 'opened':
      return match.path === '' ? 'opened by this name' : `opened in ${match.rootName || 'a folder'}`;
    case 'pin':
      return 'the store’s name for this pin';
  }
}
