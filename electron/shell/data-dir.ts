import os from 'node:os';
import path from 'node:path';

/** The same folder Electron's `app.getPath('userData')` gives, so the shell and the app share settings. */
export function defaultDataDir(appName = 'Vaultdesk'): string {
  const home = os.homedir();
  switch (process.platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', appName);
    case 'win32':
      return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), appName);
    default:
      return path.join(process.env.XDG_CONFIG_HOME ?? path.join(home, '.config'), appName);
  }
}
