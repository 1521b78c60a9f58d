import { describe, expect, it } from 'vitest';
import { explorerPageModules } from '../features/explorer/pageModules';
import { everyScreenModule, preloadOneAtATime } from './preloadScreens';

describe("the screens' preload", () => {
  it('loads one screen per idle moment, each after the one before has loaded', async () => {
    const idle: (() => void)[] = [];
    const loaded: string[] = [];
    const finishLoad: (() => void)[] = [];
    const module = (name: string) => () => new Promise<unknown>((resolve) => finishLoad.push(() => (loaded.push(name), resolve({}))));
    const done = preloadOneAtATime([module('block'), module('logs')], (callback) => idle.push(callback));
    await Promise.resolve();
    expect(idle).toHaveLength(1);
    expect(finishLoad).toHaveLength(0); // nothing asked before the window is idle
    idle.shift()!();
    await expect.poll(() => finishLoad.length).toBe(1);
    expect(idle).toHaveLength(0); // the next idle moment is not asked for while a screen is loading
    finishLoad.shift()!();
    await expect.poll(() => idle.length).toBe(1);
    idle.shift()!();
    await expect.poll(() => finishLoad.length).toBe(1);
    finishLoad.shift()!();
    await done;
    expect(loaded).toEqual(['block', 'logs']);
  });

  it('covers every route with a screen of its own, each once', () => {
    const modules = everyScreenModule();
    expect(new Set(modules).size).toBe(modules.length);
    expect(modules.length).toBeGreaterThanOrEqual(8);
    expect(modules).toContain(explorerPageModules.addressHistory); // drawn by tab, not by route
    expect(modules).toContain(explorerPageModules.txReplay);

  });
});
