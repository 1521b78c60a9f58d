import { act, render, screen } from '@testing-library/react';
import { Component, useEffect, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen, ScreenFallback, settleScreens } from './lazyScreen';

/** A screen module whose script arrives when the test says; `counts.alive` is how many of its screens are mounted. */
function screenModule() {
  let arrive: (module: { Screen: () => ReactNode }) => void = () => {};
  let fail: (error: Error) => void = () => {};
  let loads = 0;
  const counts = { alive: 0 };
  function Screen() {
    useEffect(() => {
      counts.alive += 1;
      return () => void (counts.alive -= 1);
    }, []);
    return <h1>The screen</h1>;
  }
  const load = () => {
    loads += 1;
    return new Promise<{ Screen: () => ReactNode }>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
  };
  return { load, arrive: () => act(async () => arrive({ Screen })), fail: (error: Error) => act(async () => fail(error)), loads: () => loads, counts };
}

class Caught extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyScreen', () => {
  it('shows the fallback while the script loads, then the screen as soon as it is here, and loads it once', async () => {
    const module = screenModule();
    const Lazy = lazyScreen(module.load, (loaded) => loaded.Screen);
    render(
      <ScreenFallback fallback={<p>Opening…</p>}>
        <Lazy />
      </ScreenFallback>,
    );
    expect(screen.getByText('Opening…')).toBeTruthy();
    await module.arrive();
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeTruthy();
    expect(screen.queryByText('Opening…')).toBeNull();
    expect(module.counts.alive).toBe(1);
    expect(module.loads()).toBe(1);
  });

  it('never suspends: what is drawn beside it shows while its script loads, with no Suspense boundary above', async () => {
    // React.lazy suspends, and React holds a boundary's content back for its reveal throttle (300 ms) once its
    // fallback showed; with no boundary at all, the whole root waited for the script.
    const module = screenModule();
    const Lazy = lazyScreen(module.load, (loaded) => loaded.Screen);
    render(
      <>
        <nav>The frame</nav>
        <Lazy />
      </>,
    );
    expect(screen.getByRole('navigation').textContent).toBe('The frame');
    expect(screen.queryByRole('heading', { name: 'The screen' })).toBeNull();
    await module.arrive();
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeTruthy();
  });

  it('draws a screen whose script was settled before at once, and loads it once whoever asked', async () => {
    const module = screenModule();
    const Lazy = lazyScreen(module.load, (loaded) => loaded.Screen);
    const settling = settleScreens([module.load, module.load]);
    await module.arrive();
    await settling;
    render(
      <ScreenFallback fallback={<p>Opening…</p>}>
        <Lazy />
        <Lazy />
      </ScreenFallback>,
    );
    expect(screen.getAllByRole('heading', { name: 'The screen' })).toHaveLength(2);
    expect(screen.queryByText('Opening…')).toBeNull();
    expect(module.loads()).toBe(1);
  });

  it('throws a script that failed to load to the nearest error boundary', async () => {
    const module = screenModule();
    const Lazy = lazyScreen(module.load, (loaded) => loaded.Screen);
    render(
      <Caught>
        <ScreenFallback fallback={<p>Opening…</p>}>
          <Lazy />
        </ScreenFallback>
      </Caught>,
    );
    await module.fail(new Error('Failed to fetch dynamically imported module'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch dynamically imported module');
    expect(screen.queryByRole('heading', { name: 'The screen' })).toBeNull();
  });

  it('tries a script that failed in the background again at the next settle, and draws the screen once it loads', async () => {
    const module = screenModule();
    const Lazy = lazyScreen(module.load, (loaded) => loaded.Screen);
    const first = settleScreens([module.load]);
    await module.fail(new Error('Failed to fetch dynamically imported module'));
    await first;
    const second = settleScreens([module.load]);
    expect(module.loads()).toBe(2);
    await module.arrive();
    await second;
    render(
      <ScreenFallback fallback={<p>Opening…</p>}>
        <Lazy />
      </ScreenFallback>,
    );
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeTruthy();
  });
});
