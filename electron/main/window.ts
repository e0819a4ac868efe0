import { BrowserWindow } from 'electron';

/**
 * The console window. The renderer is treated as an untrusted web page that reaches the Node side
 * only through the preload's named methods; the options are written out literally here so that a
 * reviewer, the security scanner and the unit test all read the same thing.
 */
export function createMainWindow(preloadPath: string): BrowserWindow {
  return new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'Vaultdesk',
    backgroundColor: '#f5f6f8',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // Middle-click would otherwise open links in a new window, around the window-open handler.
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
    },
  });
}
