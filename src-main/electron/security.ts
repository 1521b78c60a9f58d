// SECURITY: the Electron shell's rules for every window, applied before anything else runs. Do not
// loosen them: navigation, redirects, new windows, webviews, sub-frame navigation, permissions and
// network requests from pages are all refused unless listed as allowed here. Links to https pages
// open in the person's browser. Each refusal is logged with a reason.
import { app, session, shell, type Session, type WebContents } from 'electron';
import { isAllowedNavigation } from './isAllowedNavigation';
import { isAllowedPermission } from './isAllowedPermission';
import { isSafeExternalUrl } from './isSafeExternalUrl';

/** What the rules need: where to log, and the dev server's origin when running unpackaged (else none). */
export interface SecurityOptions {
  log: (line: string) => void;
  devOrigins: readonly string[];
}

/** Schemes a page may load from; http(s) and ws(s) only from the dev server. */
const LOCAL_SCHEMES = new Set(['app:', 'data:', 'blob:', 'devtools:', 'chrome-extension:']);

/** Applies the rules. Call first, before `ready` (it enables the sandbox for every renderer). */
export function applySecurity({ log, devOrigins }: SecurityOptions): void {
  app.enableSandbox();

  const describe = (url: string) => {
    try {
      const parsed = new URL(url);
      return `${parsed.protocol}//${parsed.host}`; // no path or query: they may carry anything
    } catch {
      return 'an unreadable URL';
    }
  };

  const harden = (contents: WebContents) => {
    contents.on('will-navigate', (event) => {
      if (isAllowedNavigation(event.url, devOrigins)) return;
      event.preventDefault();
      log(`electron: refused navigation to ${describe(event.url)}`);
    });
    contents.on('will-frame-navigate', (event) => {
      if (event.isMainFrame) return; // handled by will-navigate
      event.preventDefault();
      log(`electron: refused a sub-frame navigation to ${describe(event.url)}`);
    });
    contents.on('will-redirect', (event) => {
      if (isAllowedNavigation(event.url, devOrigins)) return;
      event.preventDefault();
      log(`electron: refused a redirect to ${describe(event.url)}`);
    });
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
      log('electron: refused a webview');
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (isSafeExternalUrl(url)) shell.openExternal(url).catch((error: Error) => log(`electron: could not open ${describe(url)} outside: ${error.message}`));
      else log(`electron: refused to open a window for ${describe(url)}`);
      return { action: 'deny' };
    });
  };
  app.on('web-contents-created', (_event, contents) => harden(contents));

  const lockDown = (target: Session) => {
    target.setPermissionRequestHandler((_contents, permission, callback, details) => {
      const allowed = isAllowedPermission(permission, details.requestingUrl, devOrigins);
      if (!allowed) log(`electron: refused the ${permission} permission`);
      callback(allowed);
    });
    target.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isAllowedPermission(permission, requestingOrigin, devOrigins));
    target.setDevicePermissionHandler(() => false);
    // The renderer does no network I/O (the CSP says so too): refuse any request that leaves the app.
    target.webRequest.onBeforeRequest((details, callback) => {
      const url = details.url;
      let allowed = false;
      try {
        const parsed = new URL(url);
        allowed = LOCAL_SCHEMES.has(parsed.protocol) || devOrigins.includes(parsed.origin) || devOrigins.includes(parsed.origin.replace(/^ws/, 'http'));
      } catch {
        allowed = false;
      }
      if (!allowed) log(`electron: refused a request to ${describe(url)}`);
      callback({ cancel: !allowed });
    });
  };
  app.on('session-created', lockDown);
  // A failure here would leave the default session without its rules: say so loudly (main.ts quits on it).
  app
    .whenReady()
    .then(() => lockDown(session.defaultSession))
    .catch((error: Error) => {
      log(`electron: could not lock down the default session: ${error.message}`);
      app.quit();
    });
}
