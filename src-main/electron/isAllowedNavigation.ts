// SECURITY: windows may only ever show the app's own pages. Do not loosen it: a window navigated to
// another origin would run foreign code next to the API's preload.
import { APP_ORIGIN } from './appOrigin';
import { appUrlOrigin } from './appUrlOrigin';

/** Whether a window may navigate (or be redirected) to `url`: the app's own origin only, plus the dev server when unpackaged. */
export function isAllowedNavigation(url: string, devOrigins: readonly string[] = []): boolean {
  const origin = appUrlOrigin(url);
  return origin !== undefined && (origin === APP_ORIGIN || devOrigins.includes(origin));
}
