import os from 'node:os';
import path from 'node:path';

/**
 * The data folder, decided the same way by every entry point (the app, the browser shell and the
 * headless commands): `--data-dir DIR`, else `VAULTDESK_DATA_DIR`, else the entry point's own
 * default (the console's folder; the batch runner keeps its own). The log's place in it is spelled
 * here once.
 */
export const DATA_DIR_ENV = 'VAULTDESK_DATA_DIR';

/** The same folder Electron's `app.getPath('userData')` gives, so the shell, the app and the commands share settings. */
function consoleDataDir(appName = 'Vaultdesk'): string {
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

/** `--data-dir` (as given on the command line), else the environment's, else the entry point's default; absolute. */
export function dataFolder(flag: string | undefined, fallback: () => string = consoleDataDir): string {
  return path.resolve(flag ?? process.env[DATA_DIR_ENV] ?? fallback());
}

/** The console's log file in a data folder (JSON lines, rotated). */
export const logFileIn = (dataDir: string): string => path.join(dataDir, 'logs', 'vaultdesk.log');
