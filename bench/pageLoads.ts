import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { TRACE_CATEGORIES, type TraceEvent } from './pageTrace';

// One page load of the page bench (bench/pages.ts), cold (a fresh browser context), a first visit (a navigation
// inside a fresh running window) or warm (a navigation inside a running window), timed in the page from its
// navigation to its content painted.

/** The explorer home's latest blocks: the page a warm load comes from. */
export const HOME = '[aria-labelledby=latest-blocks] li';
/**
 * The same, once the app has it: opened by URL, the home comes first as a frame drawn by the shell, inert until the
 * app has taken it over (a navigation the app's router is not yet listening for would be lost).
 */
export const HOME_IN_APP = inApp(HOME);

/**
 * A page's `ready` selector, once the app has it: its root is not inert (a first frame drawn by the shell is shown
 * inert until the app has taken it over; a page without one is the app's from the start).
 */
export function inApp(ready: string): string {
  return `#root:not([inert]) ${ready}`;
}
/** The not-found page: the app's own cost of a page with nothing to read. */
export const EMPTY_ROUTE = { route: '/nothing-here', ready: '#not-found-title' };

/** What the bench reads back from the page (this file is typed for Node). */
interface PageScope {
  __benchPainted?: number;
  __benchUsable?: number;
}

/** A cold load's two times, from navigation start: its content painted, and the page usable (see {@link cold}). */
export interface ColdLoad {
  shown: number;
  usable: number;
}

/**
 * Waits, in the page, for `ready` to be painted (the frame after it appears), clicking the button whose text
 * matches `run` as soon as it is enabled; resolves with performance.now() at that paint. Written as page code in
 * a string: the runner's transform would wrap named inner functions in a helper the page lacks.
 */
const WATCH = `((ready, run) => new Promise((resolve) => {
  let clicked = run === null;
  const wanted = run === null ? null : new RegExp(run);
  const tick = () => {
    if (!clicked) {
      const button = Array.from(document.querySelectorAll('button')).find((candidate) => wanted.test((candidate.textContent || '').trim()) && !candidate.disabled);
      if (button) {
        clicked = true;
        button.click();
      }
    }
    if (clicked && document.querySelector(ready)) {
      requestAnimationFrame(() => resolve(performance.now()));
      return;
    }
    requestAnimationFrame(tick);
  };
  tick();
}))`;


/** Total CPU time of the browser and every process under it (renderers included), seconds, from /proc (Linux). */
async function browserCpu(cdp: CDPSession): Promise<number> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  const root = processInfo.find((process) => process.type === 'browser')?.id;
  if (root === undefined) return 0;
  const ticks = new Map<number, { parent: number; cpu: number }>();
  for (const name of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid … utime stime: fields after the command's closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(Number(name), { parent: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) });
  }
  const under = (pid: number): boolean => pid === root || (pid > 1 && ticks.has(pid) && under(ticks.get(pid)!.parent));
  let total = 0;
  for (const [pid, entry] of ticks) if (under(pid)) total += entry.cpu;
  return total / 100; // clock ticks (USER_HZ, 100 on Linux)
}

/**
 * Waits until the browser's own processes are idle: a new context opens a window whose own interface (Chromium's
 * "top chrome" WebUI: the omnibox popup, its compose box) compiles about a second of script on the same two cores
 * just then. That is the browser opening a window, not the page loading (the page's clock starts at its
 * navigation), so the navigation waits for it to end: under 20 ms of CPU in 200 ms, or 5 s at most.
 */
async function browserIdle(cdp: CDPSession): Promise<void> {
  const until = performance.now() + 5000;
  let before = await browserCpu(cdp);
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await browserCpu(cdp);
    if (now - before < 0.02) return;
    before = now;
  }
}

/**
 * A fresh context: the page opened at `route`, timed from navigation start to `ready` painted (`shown`: where the
 * shell draws the page's first frame, that frame), and to the page usable (`usable`: the app has taken that frame
 * over; the same paint where there is no frame). With `traced`, the load is recorded in a Chromium performance
 * trace, whose events are left in `traced.events`. Without `idle`, the navigation does not wait for the browser's
 * new window to settle (its own interface compiling beside the page).
 */
export async function cold(browser: Browser, cdp: CDPSession, origin: string, hash: string, route: string, ready: string, run: string | null, traced?: { events?: TraceEvent[] }, idle = true): Promise<ColdLoad> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    await context.addInitScript(
      `window.__benchPainted = undefined; window.__benchUsable = undefined; ${WATCH}(${JSON.stringify(ready)}, ${JSON.stringify(run)}).then((at) => { window.__benchPainted = at; }); ${WATCH}(${JSON.stringify(inApp(ready))}, null).then((at) => { window.__benchUsable = at; });`,
    );
    const page = await context.newPage();
    if (idle) await browserIdle(cdp);
    if (traced) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(`${origin}${route}${hash}`);
    try {
      await page.waitForFunction(() => (globalThis as unknown as PageScope).__benchPainted !== undefined && (globalThis as unknown as PageScope).__benchUsable !== undefined, null, { timeout: 30_000, polling: 50 });
    } catch (error) {
      // What the page showed instead, so a run that never got there says why.
      const shown = await page.locator('body').innerText().catch(() => '(the page could not be read)');
      await page.screenshot({ path: path.join(os.tmpdir(), 'blockglass-bench-pages-stuck.png') }).catch(() => {});
      throw new Error(`${route}: ${ready} never showed within 30 s (cold). The page showed: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`, { cause: error });
    }
    const load = await page.evaluate(() => ({ shown: (globalThis as unknown as PageScope).__benchPainted!, usable: (globalThis as unknown as PageScope).__benchUsable! }));
    if (traced) traced.events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    return load;
  } finally {
    await context.close();
  }
}

/**
 * In a running window: from another page (the home; for the home, the empty route), navigates to `route` as a
 * link does, timed to `ready` painted. Then the window leaves for the empty route: what the page defers (the log
 * query's check, asked once the page has been still for 400 ms) would otherwise run in main during the next cold
 * load, which measures a page opened in a fresh context on an app at rest, not another window's work.
 */
export async function warm(page: Page, route: string, ready: string, run: string | null): Promise<number> {
  const go = (to: { route: string; ready: string }) => page.evaluate(`(async () => { history.pushState(null, '', ${JSON.stringify(to.route)}); await ${WATCH}(${JSON.stringify(to.ready)}, null); })()`);
  await go(route === '/explorer' ? EMPTY_ROUTE : { route: '/explorer', ready: HOME });
  const took = (await page.evaluate(`(async () => { const started = performance.now(); history.pushState(null, '', ${JSON.stringify(route)}); return (await ${WATCH}(${JSON.stringify(ready)}, ${JSON.stringify(run)})) - started; })()`)) as number;
  if (route !== EMPTY_ROUTE.route) await go(EMPTY_ROUTE);
  return took;
}

/**
 * What a person gets the first time they go to a page inside a running app: a fresh window opened on the home,
 * left until the browser is idle (the app has preloaded its screens' scripts by then), then a navigation to
 * `route` as a link does (no pointer resting on it first: nothing asked on intent), timed to `ready` painted. This
 * window has read none of the page's data. Then the same navigation again (from the home): a revisit, whose
 * answers may come from the window's query cache.
 */
export async function firstVisit(browser: Browser, cdp: CDPSession, origin: string, hash: string, route: string, ready: string, run: string | null): Promise<{ first: number; revisit: number }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/explorer${hash}`);
    await page.waitForSelector(HOME_IN_APP, { timeout: 30_000 });
    await browserIdle(cdp);
    const first = await warm(page, route, ready, run);
    const revisit = await warm(page, route, ready, run);
    return { first, revisit };
  } finally {
    await context.close();
  }
}
