/** The console's own origin: everything the renderer loads comes from the app:// protocol. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'vaultdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
