import { firstFrameTheme, readFirstFrameState } from './app/firstFrameState';
import { holdInputWhileInert, type HeldInput } from './app/heldInput';

// The page's first script. Without a first frame (app/firstFrame.ts), it starts the app at once (boot.ts). With one,
// the page is already drawn: its theme is set now (this script blocks the first paint: index.html), and the app
// starts once the browser has painted the frame and is idle, so that its scripts (about 300 ms of a cold window's
// thread here) come after the frame's first paint, not before it. Until then the frame is inert; it is taken over
// at most START_AT_MOST_MS after this runs, idle or not; the keys pressed and clicks made meanwhile are kept and done again then.
const START_AT_MOST_MS = 500;

const firstFrame = readFirstFrameState(document);
const root = document.getElementById('root');
const takeHeldInput: () => HeldInput[] = firstFrame && root ? holdInputWhileInert(root, window) : () => [];
const boot = () => import('./boot').then(({ boot }) => boot(firstFrame, takeHeldInput));
if (firstFrame === undefined || document.visibilityState === 'hidden') void boot();
else {
  document.documentElement.dataset.theme = firstFrameTheme(firstFrame, window.matchMedia('(prefers-color-scheme: dark)').matches);
  afterPaintWhenIdle(boot, START_AT_MOST_MS);
}

/** Runs `work` once: after the next frame is painted and the window is idle, or after `atMostMs`, whichever is first. */
function afterPaintWhenIdle(work: () => unknown, atMostMs: number): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  setTimeout(run, atMostMs);
  requestAnimationFrame(() => setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: atMostMs }) : run()), 0));
}
