// SECURITY: every IPC message is checked with this before it reaches the dispatcher. Do not loosen
// it: only the top frame of a page from the app's own origin may use the API (an iframe or a page
// navigated elsewhere must not), plus the dev server's origin when running unpackaged.
import { APP_ORIGIN } from './appOrigin';
import { appUrlOrigin } from './appUrlOrigin';

/** Why a sender is refused, or undefined when it is trusted. */
export function senderRefusal(url: string | undefined, frameIsTop: boolean, devOrigins: readonly string[] = []): string | undefined {
  if (!frameIsTop) return 'not the top frame';
  const origin = appUrlOrigin(url);
  if (origin === undefined) return 'unreadable or foreign URL';
  if (origin !== APP_ORIGIN && !devOrigins.includes(origin)) return "not the app's origin";
  return undefined;
}

/** Whether an IPC sender (its frame's URL, and whether that frame is the top one) may use the API. */
export function isTrustedSender(url: string | undefined, frameIsTop: boolean, devOrigins: readonly string[] = []): boolean {
  return senderRefusal(url, frameIsTop, devOrigins) === undefined;
}
