// The Electron shell: security rules first, then one window on `app://blockglass/`, the app's
// services behind the API's IPC door, and a clean shutdown (the sandbox child never outlives the app).
import path from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { createAppServices } from '../services/app/createAppServices';
import { createDispatcher } from '../services/api/createDispatcher';
import { APP_URL } from './appOrigin';
import { createFirstFrames } from '../shell-common/firstFrame';
import { registerAppScheme, serveAppProtocol } from './appProtocol';
import { devRendererUrl } from './devRendererUrl';
import { registerApiIpc } from './registerApiIpc';
import { applySecurity } from './security';
import { mainWindowOptions } from './windowOptions';
import { saveWithDialog } from './saveWithDialog';

type AppServices = Awaited<ReturnType<typeof createAppServices>>;

/** How long quitting waits for the services (the sandbox saves its chain) before it gives up. */
const CLOSE_TIMEOUT_MS = 15_000;

let redact = (text: string) => text;
const log = (line: string) => process.stderr.write(`[blockglass] ${redact(line)}\n`);

// The dev server is trusted only when `npm run dev` started Electron on purpose (devRendererUrl.ts).
const dev = devRendererUrl({ isPackaged: app.isPackaged, rendererUrl: process.env.ELECTRON_RENDERER_URL, argv: process.argv });
if (dev.ignored) log(dev.ignored);
const devUrl = dev.url;
const devOrigins = dev.url ? [dev.origin] : [];

applySecurity({ log, devOrigins });
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let services: AppServices | undefined;
  let window: BrowserWindow | undefined;
  let unregisterIpc: (() => void) | undefined;
  let closed = false;

  app.on('second-instance', () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('window-all-closed', () => app.quit());
  // Ctrl+C in the terminal (or npm start passing a signal on) quits through before-quit, so the sandbox stops.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  app.on('before-quit', (event) => {
    if (closed || !services) return;
    event.preventDefault();
    closed = true;
    unregisterIpc?.();
    const current = services;
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
    void Promise.race([current.close(), timeout])
      .catch((error: unknown) => log(`could not close the services: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => app.quit());
  });

  const start = async () => {
    services = await createAppServices({ dataDir: app.getPath('userData'), shell: 'electron', projectRoot: app.getAppPath(), version: app.getVersion(), log, saveFile: (file) => saveWithDialog(window, file) });
    redact = services.redact;
    const dispatcher = createDispatcher({ handlers: services.handlers, topics: services.topics, redact: services.redact, shell: 'electron', log });
    const firstFrames = createFirstFrames({ file: path.join(__dirname, '../first-frame/renderFirstFrame.js'), dispatcher, log });
    firstFrames.preload();
    serveAppProtocol(path.join(__dirname, '../renderer'), log, firstFrames);
    unregisterIpc = registerApiIpc({ dispatcher, log, devOrigins });

    window = new BrowserWindow(mainWindowOptions(path.join(__dirname, '../preload/index.cjs')));
    window.once('ready-to-show', () => window?.show());
    await window.loadURL(devUrl ?? APP_URL);
  };

  void app.whenReady().then(start).catch((error: unknown) => {
    const message = redact(error instanceof Error ? error.message : String(error));
    log(`could not start: ${message}`);
    dialog.showErrorBox('Blockglass could not start', message);
    app.quit();
  });
}
