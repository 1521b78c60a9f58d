import { liftFrame, type FirstFrameState } from './app/firstFrameState';
import type { HeldInput } from './app/heldInput';
import { connectApi } from './api/connectApi';
import { withEarlyAnswers } from './api/earlyAnswers';
import { askEarly } from './app/askEarly';
import { loadScreenModules } from './app/headStart';

/**
 * The page's first work, kept small: it connects, asks for what the screen will need and fetches the screen's
 * script, all while the browser is still fetching and compiling the app (React and the frame, app/start.tsx).
 * Run by the page's first script (main.ts): at once, or once a first frame drawn by the shell has been painted; a
 * first frame came with the screen's reads (`firstFrame`), so the screen's request is not asked again.
 */
export function boot(firstFrame: FirstFrameState | undefined, takeHeldInput: () => readonly HeldInput[] = () => []): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  // Connect before anything else: the web host's token is read from the URL fragment, which the router's first
  // navigation would drop. The path is read first, as the page was opened.
  const { pathname, search } = window.location;
  const api = withEarlyAnswers(connectApi());
  askEarly(api, pathname, search, { screen: firstFrame === undefined });
  loadScreenModules(pathname, search);
  void import('./app/start').then(
    ({ start }) => start(root, api, pathname, search, firstFrame, takeHeldInput),
    (error: unknown) => {
      liftFrame(root);
      takeHeldInput(); // nothing will do them again: stop keeping them
      root.textContent = `Blockglass could not load its script: ${error instanceof Error ? error.message : String(error)}. Reload the window to try again.`;
    },
  );
}
