import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkTabs, tabOf } from './LinkTabs';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'trace', label: 'Trace' },
  { id: 'state', label: 'State' },
] as const;

describe('tabOf', () => {
  it('is the tab the search string names, else the first', () => {
    expect(tabOf(TABS, '?tab=trace')).toBe('trace');
    expect(tabOf(TABS, '?x=1&tab=state')).toBe('state');
    expect(tabOf(TABS, '')).toBe('overview');
    expect(tabOf(TABS, '?tab=nope')).toBe('overview');
    expect(tabOf(TABS, '?tab=Trace')).toBe('overview');
  });
});

describe('LinkTabs', () => {
  it('is a labelled bar of links, the first at the bare path, the current one marked as the page', () => {
    render(<LinkTabs label="Transaction sections" path="/explorer/tx/0xab" tabs={TABS} current="trace" />);
    const bar = screen.getByRole('navigation', { name: 'Transaction sections' });
    const links = [...bar.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/explorer/tx/0xab'],
      ['Trace', '/explorer/tx/0xab?tab=trace'],
      ['State', '/explorer/tx/0xab?tab=state'],
    ]);
    expect(screen.getByRole('link', { name: 'Trace' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
  });
});
