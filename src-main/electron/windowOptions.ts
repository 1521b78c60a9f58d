// SECURITY: every window is made here. Do not loosen these options: the renderer must stay a
// sandboxed page with context isolation and no Node integration.
import type { BrowserWindowConstructorOptions } from 'electron';

/** Options for the app's main window; the one place window security is decided. */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Blockglass',
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // A file dropped on the window must not replace the app with that file.
      navigateOnDragDrop: false,
    },
  };
}
