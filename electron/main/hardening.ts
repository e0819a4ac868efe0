import type { Session, WebContents } from 'electron';
import { APP_ORIGIN } from './app-origin';

/**
 * Locks down every web contents the app creates: no navigation away from our origin, no new
 * windows (links go through the allowlisted external opener instead), no webviews, and no
 * permission (camera, notifications, HID from the page, …) is ever granted to the renderer.
 */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
