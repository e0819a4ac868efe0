import type { BrowserWindowConstructorOptions } from 'electron';

/** The console's own origin: everything the renderer loads comes from the app:// protocol. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'vaultdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Options of every console window, in one place so a test can assert them: the renderer is an
 * untrusted web page that reaches the Node side only through the preload's named methods.
 */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'Vaultdesk',
    backgroundColor: '#0f1419',
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
      enableBlinkFeatures: undefined,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      devTools: true,
    },
  };
}
