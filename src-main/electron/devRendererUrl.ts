/** The command-line switch only `npm run dev` passes to Electron (through `electron-vite dev -- …`). */
export const DEV_RENDERER_SWITCH = '--blockglass-dev-renderer';

/** What the shell knows when it decides where the window's page comes from. */
export interface DevRendererFacts {
  /** `app.isPackaged`: an installed app never loads a dev server. */
  isPackaged: boolean;
  /** `process.env.ELECTRON_RENDERER_URL` (set by electron-vite dev, but any parent process can set it). */
  rendererUrl: string | undefined;
  /** `process.argv`: carries `DEV_RENDERER_SWITCH` only when our dev launcher started Electron. */
  argv: readonly string[];
}

/** The dev server to load instead of `app://blockglass/`, or why the variable is ignored (for one log line). */
export type DevRendererDecision = { url: string; origin: string; ignored?: undefined } | { url?: undefined; origin?: undefined; ignored?: string };

/**
 * Whether the Electron shell loads its page from a dev server. `ELECTRON_RENDERER_URL` alone is not
 * trusted: it is an environment variable, inherited by every child of a shell that once exported it,
 * and the page it names gets the API (keys included). It is used only when Electron was started by
 * this project's dev launcher on purpose (the `--blockglass-dev-renderer` switch, which argv does
 * not inherit), the app is not packaged, and it names an http server on this machine's loopback.
 */
export function devRendererUrl({ isPackaged, rendererUrl, argv }: DevRendererFacts): DevRendererDecision {
  if (rendererUrl === undefined || rendererUrl === '') return {};
  if (isPackaged) return { ignored: 'ELECTRON_RENDERER_URL is ignored: this is a packaged app' };
  if (!argv.includes(DEV_RENDERER_SWITCH)) return { ignored: `ELECTRON_RENDERER_URL is ignored: Electron was not started by npm run dev (no ${DEV_RENDERER_SWITCH})` };
  let url: URL;
  try {
    url = new URL(rendererUrl);
  } catch {
    return { ignored: 'ELECTRON_RENDERER_URL is ignored: it is not a URL' };
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'http:' || !loopback || url.username !== '' || url.password !== '') {
    return { ignored: 'ELECTRON_RENDERER_URL is ignored: the dev server must be http:// on localhost, 127.0.0.1 or [::1]' };
  }
  return { url: url.href, origin: url.origin };
}
