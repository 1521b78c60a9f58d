import { join } from 'node:path';
import { app, BrowserWindow, shell } from 'electron';
import { mainWindowOptions } from './windowOptions';

// The Electron shell. Issue 4 adds the API bridge, the custom protocol and the security module;
// this first version opens the renderer in a locked-down window and denies navigation and popups.
if (!app.requestSingleInstanceLock()) app.quit();

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
});

async function createWindow(): Promise<void> {
  const window = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.cjs')));
  window.once('ready-to-show', () => window.show());
  if (process.env.ELECTRON_RENDERER_URL) await window.loadURL(process.env.ELECTRON_RENDERER_URL);
  else await window.loadFile(join(__dirname, '../renderer/index.html'));
}

void app.whenReady().then(createWindow);
app.on('window-all-closed', () => app.quit());
