import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { InMemoryRouter } from '../testing/InMemoryRouter';
import { followsInApp, Link } from './Link';

function renderAt(path: string, ui: React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(<InMemoryRouter location={location}>{ui}</InMemoryRouter>);
  return location;
}

describe('Link', () => {
  it('is an anchor to its path, followed inside the app on a plain click', async () => {
    const location = renderAt('/explorer', <Link href="/explorer/block/7" className="chain-link" title="Block 7">7</Link>);
    const link = screen.getByRole('link', { name: '7' });
    expect(link.getAttribute('href')).toBe('/explorer/block/7');
    expect(link.className).toBe('chain-link');
    expect(link.title).toBe('Block 7');
    await userEvent.click(link);
    expect(location.history).toEqual(['/explorer', '/explorer/block/7']);
  });

  it('leaves a click with a modifier key, or with another button, to the browser', () => {
    const location = renderAt('/explorer', <Link to="/gas">gas</Link>);
    const link = screen.getByRole('link', { name: 'gas' });
    // What reaches the document after the app's handler: left to the browser means not prevented (then stopped here,
    // as jsdom cannot open a page).
    const leftToTheBrowser: boolean[] = [];
    const seen = (event: MouseEvent) => {
      leftToTheBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', seen);
    try {
      for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, {}]) fireEvent.click(link, modifier);
    } finally {
      document.removeEventListener('click', seen);
    }
    expect(leftToTheBrowser).toEqual([true, true, true, true, true, false]);
    expect(location.history).toEqual(['/explorer', '/gas']);
    expect(followsInApp({ ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, button: 0 })).toBe(true);
  });

  it("runs its own onClick first, and a click it prevents goes nowhere; `replace` takes the history entry's place", async () => {
    const clicks: string[] = [];
    const location = renderAt(
      '/a',
      <>
        <Link to="/b" onClick={(event) => (clicks.push('b'), event.preventDefault())}>
          b
        </Link>
        <Link to="/c" replace>
          c
        </Link>
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'b' }));
    expect(clicks).toEqual(['b']);
    expect(location.history).toEqual(['/a']);
    await userEvent.click(screen.getByRole('link', { name: 'c' }));
    expect(location.history).toEqual(['/c']);
  });

  it('follows a nested route (Settings) unless its path begins with ~, from the root', async () => {
    const location = renderAt(
      '/settings/networks',
      <Route path="/settings" nest>
        <Link to="/keys">keys</Link>
        <Link to="~/explorer">explorer</Link>
      </Route>,
    );
    expect(screen.getByRole('link', { name: 'keys' }).getAttribute('href')).toBe('/settings/keys');
    expect(screen.getByRole('link', { name: 'explorer' }).getAttribute('href')).toBe('/explorer');
    await userEvent.click(screen.getByRole('link', { name: 'keys' }));
    await userEvent.click(screen.getByRole('link', { name: 'explorer' }));
    expect(location.history).toEqual(['/settings/networks', '/settings/keys', '/explorer']);
  });

  it('is not drawn again when the app goes elsewhere (it reads no location)', () => {
    const commits: string[] = [];
    const location = renderAt(
      '/a',
      <Profiler id="links" onRender={(_, phase) => commits.push(phase)}>
        <Link to="/b">b</Link>
        <Link to="/c">c</Link>
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
    act(() => location.navigate('/b'));
    act(() => location.navigate('/c'));
    expect(location.history).toEqual(['/a', '/b', '/c']);
    expect(commits).toEqual(['mount']);
  });
});
