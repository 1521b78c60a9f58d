// SECURITY: every permission a page asks for (camera, notifications, USB, …) is refused, except the
// ones listed here for the app's own origin. Add to the list only with a feature that needs it.
import { APP_ORIGIN } from './appOrigin';
import { appUrlOrigin } from './appUrlOrigin';

/** Permissions the app's pages may have: writing to the clipboard (the copy buttons next to hashes and addresses). */
const ALLOWED = new Set(['clipboard-sanitized-write']);

/** Whether a page at `requestingUrl` may have `permission`. */
export function isAllowedPermission(permission: string, requestingUrl: string | undefined, devOrigins: readonly string[] = []): boolean {
  const origin = appUrlOrigin(requestingUrl);
  return ALLOWED.has(permission) && origin !== undefined && (origin === APP_ORIGIN || devOrigins.includes(origin));
}
