import { routeOf, type PageModule } from './routes';

/** The scripts a URL's screen needs beyond the app's own (code split), fetched together: its route's modules. */
export function modulesFor(pathname: string, search = ''): readonly PageModule[] {
  const found = routeOf(pathname);
  if (!found || !('modules' in found.route)) return [];
  return [...found.route.modules, ...(found.route.searchModules?.(search) ?? [])];
}

/**
 * The script of the screen the URL names (a deep link, a reload, a new window), fetched by the page's first
 * script beside the app's own, so that neither waits for the other. A failure is left to the screen to show.
 */
export function loadScreenModules(pathname: string, search = ''): void {
  for (const load of modulesFor(pathname, search)) void load().catch(() => {});
}
