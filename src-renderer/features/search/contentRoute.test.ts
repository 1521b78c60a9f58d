import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyQuery } from '../../../src-shared/search/classifyQuery';
import { contentRoute } from './contentRoute';
import { searchRoute, type SearchTarget } from './searchRoute';

const CID = 'QmdDsoYecH3nyvbJ5S2Ta3zd7PKPDEqYV51dMiJx6xHhte';

/** Where a browser lands when it follows `route` from the app's origin. */
const landing = (route: string) => new URL(route, 'http://127.0.0.1:5000/settings/networks').pathname;

describe('contentRoute', () => {
  it('encodes each segment on its own', () => {
    expect(contentRoute(CID, 'my folder/a#b?c.txt')).toBe(`/content/${CID}/my%20folder/a%23b%3Fc.txt`);
    expect(contentRoute(CID)).toBe(`/content/${CID}`);
  });

  it('drops empty, . and .. segments, in any spelling', () => {
    expect(contentRoute(CID, '../../../settings')).toBe(`/content/${CID}/settings`);
    expect(contentRoute(CID, './a//b/%2e%2E/.%2e/%2E')).toBe(`/content/${CID}/a/b`);
    expect(contentRoute(CID, '..')).toBe(`/content/${CID}`);
  });

  it('never lands outside the content screen of its CID (property)', () => {
    const segment = fc.oneof(fc.constantFrom('..', '.', '', '%2e%2e', '%2E.', 'settings', '..%2f..', '\\..'), fc.string());
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        const landed = landing(contentRoute(CID, segments.join('/')));
        expect(landed === `/content/${CID}` || landed.startsWith(`/content/${CID}/`)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('searchRoute for a CID path', () => {
  it('routes a search for Qm…/../../../settings within /content', () => {
    const target = classifyQuery(`${CID}/../../../settings`);
    expect(target.kind).toBe('cid');
    const route = searchRoute(target as SearchTarget);
    expect(route).toBe(`/content/${CID}/settings`);
    expect(landing(route)).toBe(`/content/${CID}/settings`);
  });
});
