import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_STATE_ID } from '../../src-shared/api/firstFrame';
import { hasFirstFrame } from './firstFrame';
import { firstFrameTheme, readFirstFrameState } from './firstFrameState';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('hasFirstFrame', () => {
  it.each([
    ['/explorer/block/171', ''],
    [`/explorer/block/${HASH}`, ''],
    [`/explorer/tx/${HASH}`, ''],
    [`/explorer/address/${ADDRESS}`, ''],
    ['/explorer', ''],
  ])('draws one for the explorer page %s', (pathname, search) => {
    expect(hasFirstFrame(pathname, search)).toBe(true);
  });

  it.each([
    ['/gas', '', 'the gas dashboard: its charts are drawn in the window'],
    ['/explorer', '?q=1', 'a query string'],
    ['/call', '', 'a form'],
    ['/logs', '?address=0x1', 'a form'],
    ['/settings/networks', '', 'a form'],
    ['/content', '', 'the content browser'],
    [`/explorer/tx/${HASH}`, '?tab=trace', 'a tab named by the query string'],
    ['/explorer/block/not-a-block', '', 'a value the page refuses'],
    ['/explorer/address/0x12', '', 'a value the page refuses'],
    ['/no/such/page', '', 'no page at all'],
  ])('draws none for %s%s (%s)', (pathname, search) => {
    expect(hasFirstFrame(pathname, search)).toBe(false);
  });
});

describe('readFirstFrameState', () => {
  const pageWith = (state: string | undefined) =>
    new DOMParser().parseFromString(`<div id="root" inert></div>${state === undefined ? '' : `<script type="application/json" id="${FIRST_FRAME_STATE_ID}">${state}</script>`}`, 'text/html');

  it("reads the feed's event the home's frame was drawn with", () => {
    const document = pageWith('{"mutations":[],"queries":[],"events":[{"topic":"explorer.latest","input":{"networkId":"local","count":10},"payload":{"head":"0x2a"}}]}');
    expect(readFirstFrameState(document)?.events).toEqual([{ topic: 'explorer.latest', input: { networkId: 'local', count: 10 }, payload: { head: '0x2a' } }]);
  });

  it('reads the reads the frame was drawn with, and takes them out of the page', () => {
    const document = pageWith('{"mutations":[],"queries":[{"queryKey":["settings"],"state":{"data":{"theme":"dark"}}}]}');
    expect(readFirstFrameState(document)).toEqual({ mutations: [], queries: [{ queryKey: ['settings'], state: { data: { theme: 'dark' } } }] });
    expect(document.getElementById(FIRST_FRAME_STATE_ID)).toBeNull();
  });

  it.each([
    ['no frame', undefined],
    ['an empty element', ''],
    ['broken JSON', '{"queries": ['],
    ['JSON of another shape', '{"queries": {}, "mutations": []}'],
    ['a bare value', '42'],
    ['queries that are not queries', '{"queries": [1, "two"], "mutations": []}'],
    ['events that are not events', '{"queries": [], "mutations": [], "events": [{"topic": 1}]}'],
  ])('gives nothing for %s (the window reads for itself)', (_what, state) => {
    const document = pageWith(state);
    expect(readFirstFrameState(document)).toBeUndefined();
    expect(document.getElementById(FIRST_FRAME_STATE_ID)).toBeNull();
  });
});

describe('firstFrameTheme', () => {
  const drawnWith = (theme?: string) => ({ mutations: [], queries: theme === undefined ? [] : [{ queryKey: ['settings'], queryHash: '["settings"]', state: { data: { theme } } }] }) as never;

  it("is the person's theme where they chose one, whatever the system's", () => {
    expect(firstFrameTheme(drawnWith('dark'), false)).toBe('dark');
    expect(firstFrameTheme(drawnWith('light'), true)).toBe('light');
  });

  it("is the system's where the setting is `system`, or was not read", () => {
    expect(firstFrameTheme(drawnWith('system'), true)).toBe('dark');
    expect(firstFrameTheme(drawnWith('system'), false)).toBe('light');
    expect(firstFrameTheme(drawnWith(), true)).toBe('dark');
    expect(firstFrameTheme(drawnWith('purple'), false)).toBe('light');
  });
});
